import { addTranslations } from "../../providers/i18n";

/** The upload widget's own words; the §5 messages come from domain/validation (formatMessage). */
addTranslations("upload", {
  zh: {
    button: "上传文件",
    hint: "支持 {{extensions}} 格式，单个文件不超过 {{n}} MB",
    uploading: "上传中",
    icon: "上传图标",
    iconPlaceholder: "上传图片,或填写 http(s) 图标地址",
    noAttachment: "无附件",
    download: "下载 {{name}}",
  },
  en: {
    button: "Upload file",
    hint: "Accepted formats: {{extensions}}; at most {{n}} MB per file",
    uploading: "Uploading",
    icon: "Upload icon",
    iconPlaceholder: "Upload an image, or enter an http(s) icon address",
    noAttachment: "No attachment",
    download: "Download {{name}}",
  },
});
