import { Avatar, type AvatarProps } from "antd";
import { useAuthImage } from "./useAuthImage";

/** An avatar whose picture may be an uploaded file that only signed-in users can fetch. */
export function AuthAvatar({ src, fallback, ...rest }: Omit<AvatarProps, "src"> & { src?: string | null; fallback?: string }) {
  const url = useAuthImage(src);
  return <Avatar {...rest} src={url || fallback} />;
}
