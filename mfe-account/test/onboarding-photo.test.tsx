import { PHOTO_MAX_BYTES, PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE, validatePhoto } from '../src/components/photo';

function fileOf(type: string, size: number): File {
  const file = new File(['x'], 'photo', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('validatePhoto', () => {
  it('accepts any image of up to 5 MB', () => {
    expect(validatePhoto(fileOf('image/png', 1024))).toBeNull();
    expect(validatePhoto(fileOf('image/webp', PHOTO_MAX_BYTES))).toBeNull();
  });

  it('refuses what is not an image, or has no type at all', () => {
    expect(validatePhoto(fileOf('application/pdf', 10))).toBe(PHOTO_NOT_IMAGE);
    expect(validatePhoto(fileOf('', 10))).toBe(PHOTO_NOT_IMAGE);
  });

  it('refuses an image one byte over 5 MB', () => {
    expect(PHOTO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(validatePhoto(fileOf('image/jpeg', PHOTO_MAX_BYTES + 1))).toBe(PHOTO_TOO_LARGE);
  });
});
