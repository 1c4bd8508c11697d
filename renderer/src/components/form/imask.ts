// The masking library, part of the main bundle: MaskedInput attaches it as the field mounts, so no
// keystroke ever reaches a field that is waiting for its mask (its weight: docs/performance.md).
export { default } from 'imask';
