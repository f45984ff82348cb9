import { INGEST_FAILURE_MESSAGES as M, INGEST_MESSAGES } from '@warraq/contracts';
import { displayName } from './entry-names';
import { IngestRejection } from './processing.types';

/** Each way an upload is refused, with its code and Arabic message, naming the file as displayed. */
function naming(
  code: IngestRejection['code'],
  message: (name: string) => string,
): (name: string) => IngestRejection {
  return (name) => {
    const shown = displayName(name);
    return new IngestRejection(code, message(shown), shown);
  };
}

export const reject = {
  notAnImage: naming('not_an_image', M.notAnImage),
  corruptImage: naming('corrupt_image', M.corruptImage),
  imageTooLarge: naming('image_too_large', M.imageTooLarge),
  pixelsTooMany: naming('pixels_too_many', M.pixelsTooMany),
  hiddenCharacters: naming('hidden_characters', M.hiddenCharacters),
  notAZip: naming('not_a_zip', M.notAZip),
  zipUnsafePath: naming('zip_unsafe_path', M.zipUnsafePath),
  zipSymlink: naming('zip_symlink', M.zipSymlink),
  zipNestedArchive: naming('zip_nested_archive', M.zipNestedArchive),
  zipRatio: naming('zip_ratio', M.zipRatio),
  zipUnsupportedMethod: naming('zip_corrupt', M.zipUnsupportedMethod),
  zipEncrypted: () => new IngestRejection('zip_encrypted', M.zipEncrypted),
  chapterTooLarge: () => new IngestRejection('chapter_too_large', M.chapterTooLarge),
  chapterTooSlow: () => new IngestRejection('chapter_too_large', M.chapterTooSlow),
  zipEmpty: () => new IngestRejection('zip_empty', M.zipEmpty),
  zipTooManyPages: () => new IngestRejection('zip_too_many_pages', M.zipTooManyPages),
  zipTooManyEntries: () => new IngestRejection('zip_too_many_pages', M.zipTooManyEntries),
  zipTooLarge: () => new IngestRejection('zip_too_large', M.zipTooLarge),
  zipCorrupt: () => new IngestRejection('zip_corrupt', M.zipCorrupt),
  zipOverlapping: () => new IngestRejection('zip_corrupt', M.zipOverlapping),
  /** The uploaded zip itself is over the 100 MB upload limit. */
  zipFileTooLarge: (name: string) =>
    new IngestRejection('zip_too_large', INGEST_MESSAGES.zipTooLarge, displayName(name)),
  /** A zip upload must be exactly one file. */
  notOneZip: () => new IngestRejection('not_a_zip', INGEST_MESSAGES.oneZipOnly),
  noImages: () => new IngestRejection('not_an_image', INGEST_MESSAGES.noFiles),
  tooManyImages: () => new IngestRejection('zip_too_many_pages', INGEST_MESSAGES.maxImages),
};
