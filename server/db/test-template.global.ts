import type { TestProject } from "vitest/node";
import { ensureTemplate, type Template } from "./template";

/** vitest globalSetup: one template database per source version, handed to every test file. */
export default async function setup(project: TestProject) {
  project.provide("bladeTemplate", await ensureTemplate());
}

declare module "vitest" {
  export interface ProvidedContext {
    bladeTemplate: Template;
  }
}
