/** Picture upload (QO-052, QO-058): the one view every form with a picture uses. */
export { PictureUpload } from "./PictureUpload.tsx";
