import { DictionaryPage } from "../../../components/dictionary/DictionaryPage";
import { dictBizSpec } from "./spec";

export default function DictBizList() {
  return <DictionaryPage spec={dictBizSpec} />;
}
