import { DictionaryPage } from "../../../components/dictionary/DictionaryPage";
import { dictSpec } from "./spec";

export default function DictList() {
  return <DictionaryPage spec={dictSpec} />;
}
