/*
 * Monaco for the script IDE, from the installed package and never from a CDN, so the page works
 * offline. Only the editor core, the contributions the IDE uses (find/replace, comment, go to
 * line, suggestions, hovers for markers, the context menu) and four languages are imported: the
 * package's main entry would pull in every language and its worker. This module is imported
 * only by the IDE page's chunk (bench/bundle.ts checks that /login and /system/user load none of it).
 */
import * as monaco from "monaco-editor/editor/editor.api";
import { loader } from "@monaco-editor/react";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import "monaco-editor/features/codicon/register";
import "monaco-editor/editor/browser/coreCommands";
import "monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching";
import "monaco-editor/editor/contrib/clipboard/browser/clipboard";
import "monaco-editor/editor/contrib/comment/browser/comment";
import "monaco-editor/editor/contrib/contextmenu/browser/contextmenu";
import "monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo";
import "monaco-editor/editor/contrib/find/browser/findController";
import "monaco-editor/editor/contrib/folding/browser/folding";
import "monaco-editor/editor/contrib/gotoError/browser/gotoError";
import "monaco-editor/editor/contrib/hover/browser/hoverContribution";
import "monaco-editor/editor/contrib/linesOperations/browser/linesOperations";
import "monaco-editor/editor/contrib/multicursor/browser/multicursor";
import "monaco-editor/editor/contrib/snippet/browser/snippetController2";
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import "monaco-editor/editor/contrib/wordOperations/browser/wordOperations";
import "monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess";
import "monaco-editor/editor/common/standaloneStrings";
import "monaco-editor/languages/definitions/sql/register";
import "monaco-editor/languages/definitions/python/register";
import "monaco-editor/languages/definitions/scala/register";
import "monaco-editor/languages/definitions/java/register";

// The editor's own worker (diffing, word suggestions); no language service workers are needed.
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
loader.config({ monaco });

export { monaco };
