import { DictionaryPage } from "../../../components/dictionary/DictionaryPage";
import { dictSpec } from "../../../../domain/resources/system/dict/spec";

export default function DictList() {
  return <DictionaryPage spec={dictSpec} />;
}
