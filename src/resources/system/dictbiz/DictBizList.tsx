import { DictionaryPage } from "../../../components/dictionary/DictionaryPage";
import { dictBizSpec } from "../../../../domain/resources/system/dictbiz/spec";

export default function DictBizList() {
  return <DictionaryPage spec={dictBizSpec} />;
}
