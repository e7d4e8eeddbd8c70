// #framework/og under the `workerd` condition: @vercel/og's Worker build loads its font and
// WebAssembly in a way this build does not bundle, so making an image fails with what to do
// (docs/metadata.md, "Images made from code").
import { imageResponseOnWorkersMessage } from './wire/errors.ts'

export class ImageResponse extends Response {
  constructor(..._args: unknown[]) {
    super()
    throw new Error(imageResponseOnWorkersMessage())
  }
}
