// The masking library, part of the main bundle: MaskedInput attaches it as the field mounts, so no
// keystroke ever reaches a field that is waiting for its mask (≈ 13 KiB brotli).
export { default } from 'imask';
