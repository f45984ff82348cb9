import { NOVEL_IMPORT_MESSAGES, type NovelTextFailureCode } from '@warraq/contracts';
import { NOVEL_ARCHIVE_LIMITS } from '../novel-import.limits';
import { NovelTextRejection } from '../novel-text.rejection';
import { Deadline } from './deadline';
import { importChapterFile, type ImportChapterFileOptions } from './import-chapter-file';
import {
  billionLaughs,
  buildDocx,
  buildZip,
  buildEpub,
  DOCX_RELS,
  epubPackage,
  wordDocument,
  wordStyles,
  xhtml,
} from '@warraq/test-media';

const MiB = 1024 * 1024;

async function blocksOf(name: string, bytes: Buffer, options?: ImportChapterFileOptions) {
  return (await importChapterFile({ name, bytes }, options)).text.blocks;
}

async function refusal(
  name: string,
  bytes: Buffer,
  options?: ImportChapterFileOptions,
): Promise<NovelTextRejection> {
  try {
    await importChapterFile({ name, bytes }, options);
  } catch (error) {
    if (error instanceof NovelTextRejection) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

async function expectRefused(
  name: string,
  bytes: Buffer,
  code: NovelTextFailureCode,
  options?: ImportChapterFileOptions,
) {
  expect((await refusal(name, bytes, options)).code).toBe(code);
}

const run = (text: string, properties = '') =>
  `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const para = (...runs: string[]) => `<w:p>${runs.join('')}</w:p>`;

describe('importChapterFile: .docx', () => {
  it('reads paragraphs, bold and italic (complex-script forms too, from styles too), scene breaks and dialogue', async () => {
    const document = wordDocument(
      [
        para(run('كان الليل '), run('طويلًا', '<w:i/><w:iCs/>'), run(' و'), run('باردًا', '<w:bCs/>')),
        para(run('لم يكن '), run('وحده', '<w:rStyle w:val="Emphasis"/>'), run(' أبدًا', '<w:b w:val="0"/>')),
        para(run('* * *')),
        `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${run('عنوان')}</w:p>`,
        para(run('«من هناك؟»'), '<w:r><w:br/></w:r>', run('— لا أحد.')),
        `<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>${run('في عام 2024<w:tab/>زار Tokyo')}</w:p>`,
      ].join(''),
    );
    const styles = wordStyles(
      '<w:style w:type="character" w:styleId="Emphasis"><w:rPr><w:i/></w:rPr></w:style>' +
        '<w:style w:type="paragraph" w:styleId="Heading1"><w:basedOn w:val="HeadingBase"/></w:style>' +
        '<w:style w:type="paragraph" w:styleId="HeadingBase"><w:rPr><w:b/><w:bCs/></w:rPr></w:style>',
    );
    expect(await blocksOf('فصل.docx', buildDocx({ document, styles }))).toEqual([
      {
        type: 'paragraph',
        runs: [
          { text: 'كان الليل ' },
          { text: 'طويلًا', emphasis: true },
          { text: ' و' },
          { text: 'باردًا', strong: true },
        ],
      },
      { type: 'paragraph', runs: [{ text: 'لم يكن ' }, { text: 'وحده', emphasis: true }, { text: ' أبدًا' }] },
      { type: 'scene-break' },
      { type: 'paragraph', runs: [{ text: 'عنوان', strong: true }] },
      { type: 'dialogue', runs: [{ text: '«من هناك؟»' }] },
      { type: 'dialogue', runs: [{ text: '— لا أحد.' }] },
      { type: 'paragraph', runs: [{ text: 'في عام 2024 زار Tokyo' }] },
    ]);
  });

  it('skips deleted text, field codes, hidden text and the fallback copy of a text box', async () => {
    const document = wordDocument(
      para(
        run('باقٍ'),
        '<w:del><w:r><w:delText>محذوف</w:delText></w:r></w:del>',
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>',
        run('مخفي', '<w:vanish/>'),
        '<mc:AlternateContent><mc:Choice Requires="wps"><w:r><w:drawing><w:txbxContent>' +
          para(run('صندوق')) +
          '</w:txbxContent></w:drawing></w:r></mc:Choice><mc:Fallback><w:r><w:pict>' +
          para(run('صندوق')) +
          '</w:pict></w:r></mc:Fallback></mc:AlternateContent>',
        run(' أيضًا'),
      ),
    );
    expect(await blocksOf('فصل.docx', buildDocx({ document }))).toEqual([
      { type: 'paragraph', runs: [{ text: 'باقٍ أيضًا' }] },
    ]);
  });

  it('keeps HTML and script as inert text and drops bidi and zero-width controls', async () => {
    const document = wordDocument(
      para(run('&lt;script&gt;alert(1)&lt;/script&gt;')) + para(run('\u202Eنص\u200B مقلوب\u2067')),
    );
    expect(await blocksOf('x.docx', buildDocx({ document }))).toEqual([
      { type: 'paragraph', runs: [{ text: '<script>alert(1)</script>' }] },
      { type: 'paragraph', runs: [{ text: 'نص مقلوب' }] },
    ]);
  });

  it('refuses an empty document', async () => {
    await expectRefused('x.docx', buildDocx({ document: wordDocument(para(run(' \u200B'))) }), 'text_empty');
  });

  describe('zip bombs', () => {
    const huge = Buffer.alloc(20 * MiB, 'ا');

    it('refuses a part that compressed suspiciously well, before inflating it', async () => {
      await expectRefused('bomb.docx', buildDocx({ document: huge }), 'archive_ratio');
    });

    it('refuses a part that inflates past the size its header declares', async () => {
      const bytes = buildDocx({
        document: '',
        extra: [{ name: 'word/document2.xml', data: huge, declaredSize: 1000 }],
        rels: DOCX_RELS.replace('word/document.xml', 'word/document2.xml'),
      });
      await expectRefused('bomb.docx', bytes, 'archive_too_large');
    });

    it('refuses an archive whose parts declare more than the total allowed', async () => {
      const parts = Array.from({ length: 3 }, (_, i) => ({
        name: `word/media/${i}.png`,
        data: Buffer.alloc(1024),
      }));
      const limits = { ...NOVEL_ARCHIVE_LIMITS, maxTotalBytes: 2048 };
      const bytes = buildDocx({ document: wordDocument(para(run('نص'))), extra: parts });
      await expectRefused('bomb.docx', bytes, 'archive_too_large', { limits });
    });

    it('refuses records that share their compressed bytes', async () => {
      const bytes = buildZip([
        { name: '_rels/.rels', data: Buffer.from(DOCX_RELS) },
        { name: 'word/document.xml', data: Buffer.from(wordDocument(para(run('نص')))) },
        { name: 'word/copy.xml', sameDataAs: 1 },
      ]);
      await expectRefused('bomb.docx', bytes, 'archive_corrupt');
    });

    it('refuses too many parts', async () => {
      const extra = Array.from({ length: NOVEL_ARCHIVE_LIMITS.maxEntries }, (_, i) => ({
        name: `x/${i}`,
        method: 'store' as const,
      }));
      await expectRefused(
        'many.docx',
        buildDocx({ document: wordDocument(para(run('نص'))), extra }),
        'archive_too_many_entries',
      );
    });
  });

  it.each([
    ['../../evil.xml', 'archive_unsafe_path'],
    ['/etc/passwd', 'archive_unsafe_path'],
    ['word\\..\\..\\evil.xml', 'archive_unsafe_path'],
    ['word/\u202Eexe.xml', 'archive_hidden_characters'],
  ] as const)('refuses a part named %j', async (name, code) => {
    await expectRefused(
      'x.docx',
      buildDocx({ document: wordDocument(para(run('نص'))), extra: [{ name, data: Buffer.from('x') }] }),
      code,
    );
  });

  it('refuses symlinks and encrypted parts', async () => {
    const document = wordDocument(para(run('نص')));
    await expectRefused(
      'x.docx',
      buildDocx({
        document,
        extra: [{ name: 'word/link', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 }],
      }),
      'archive_symlink',
    );
    await expectRefused(
      'x.docx',
      buildDocx({ document, extra: [{ name: 'word/x.bin', data: Buffer.from('x'), encrypted: true }] }),
      'archive_encrypted',
    );
  });

  it('refuses a relationship that points outside the package', async () => {
    const rels = DOCX_RELS.replace('word/document.xml', '../../../etc/passwd');
    await expectRefused(
      'x.docx',
      buildDocx({ document: wordDocument(para(run('نص'))), rels }),
      'archive_unsafe_path',
    );
  });

  it('refuses XML entity declarations: billion laughs and external entities', async () => {
    const laughs = wordDocument(para(run('&lol9;')), billionLaughs('w:document'));
    await expectRefused('x.docx', buildDocx({ document: laughs }), 'xml_entities');
    const external = wordDocument(
      para(run('&xxe;')),
      '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    const error = await refusal('x.docx', buildDocx({ document: external }));
    expect(error.code).toBe('xml_entities');
    expect(error.message).toBe(NOVEL_IMPORT_MESSAGES.xmlEntities('word/document.xml'));
    // An entity from an external DTD is never fetched: unknown, so refused.
    const fromDtd = wordDocument(
      para(run('&xxe;')),
      '<?xml version="1.0"?><!DOCTYPE w:document SYSTEM "http://127.0.0.1/x.dtd">',
    );
    await expectRefused('x.docx', buildDocx({ document: fromDtd }), 'xml_entities');
  });

  it('refuses malformed and too deeply nested XML', async () => {
    await expectRefused('x.docx', buildDocx({ document: wordDocument('<w:p><w:r>') }), 'xml_malformed');
    const deep = wordDocument(para(`${'<w:sdt>'.repeat(300)}${run('نص')}${'</w:sdt>'.repeat(300)}`));
    await expectRefused('x.docx', buildDocx({ document: deep }), 'xml_malformed');
  });

  it('refuses a Word 97 document, a file that is no zip, and a zip with no document', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expectRefused('قديم.docx', ole, 'legacy_doc');
    await expectRefused('قديم.doc', ole, 'legacy_doc');
    await expectRefused('x.docx', Buffer.from('<html>نص</html>'), 'not_a_docx');
    await expectRefused('x.docx', buildZip([{ name: 'a.txt', data: Buffer.from('x') }]), 'not_a_docx');
  });

  it('refuses an archive over the upload size before opening it', async () => {
    await expectRefused('x.docx', Buffer.alloc(21 * MiB), 'file_too_large');
  });

  it('stops when reading takes longer than its time budget', async () => {
    let now = 0;
    const deadline = new Deadline(1000, () => (now += 400));
    const document = wordDocument(para(run('نص')));
    await expectRefused('slow.docx', buildDocx({ document }), 'too_slow', { deadline });
  });
});

describe('importChapterFile: .epub', () => {
  const chapter = xhtml(
    '<h1>الفصل الأول</h1><p>كان&nbsp;الليل <em>طويلًا</em> و<strong>باردًا</strong>.</p>' +
      '<hr/><p>«من هناك؟»<a epub:type="noteref" href="#n1">1</a></p>' +
      '<script>alert(1)</script><img src="x.png" alt="صورة"/>' +
      '<aside epub:type="footnote" id="n1"><p>حاشية</p></aside>',
  );

  it('reads the spine’s documents in order: paragraphs, emphasis, scene breaks; scripts, images and notes dropped', async () => {
    const bytes = buildEpub({
      chapters: { 'Text/ch1.xhtml': chapter, 'Text/ch%202.xhtml': xhtml('<p>تتمة</p>') },
    });
    // The second href is percent-escaped in the package and stored with a space in the archive.
    const fixed = buildEpub({
      chapters: { 'Text/ch1.xhtml': chapter, 'Text/ch 2.xhtml': xhtml('<p>تتمة</p>') },
      packageDocument: epubPackage(['Text/ch1.xhtml', 'Text/ch%202.xhtml']),
    });
    expect(await blocksOf('رواية.epub', fixed)).toEqual([
      { type: 'paragraph', runs: [{ text: 'الفصل الأول' }] },
      {
        type: 'paragraph',
        runs: [
          { text: 'كان الليل ' },
          { text: 'طويلًا', emphasis: true },
          { text: ' و' },
          { text: 'باردًا', strong: true },
          { text: '.' },
        ],
      },
      { type: 'scene-break' },
      { type: 'dialogue', runs: [{ text: '«من هناك؟»' }] },
      { type: 'paragraph', runs: [{ text: 'تتمة' }] },
    ]);
    await expectRefused('رواية.epub', bytes, 'not_an_epub');
  });

  it('refuses a part whose name climbs out of the archive', async () => {
    const bytes = buildEpub({
      chapters: { 'ch1.xhtml': chapter },
      extra: [{ name: 'OEBPS/../../../evil.xhtml', data: Buffer.from('x') }],
    });
    const error = await refusal('x.epub', bytes);
    expect(error.code).toBe('archive_unsafe_path');
    expect(error.message).toBe(NOVEL_IMPORT_MESSAGES.archiveUnsafePath('OEBPS/../../../evil.xhtml'));
  });

  it('refuses a spine document outside the archive, or at a URL', async () => {
    for (const href of ['../../../etc/passwd', 'file:///etc/passwd', 'http://127.0.0.1/ch.xhtml']) {
      const bytes = buildEpub({ chapters: { 'ch1.xhtml': chapter }, packageDocument: epubPackage([href]) });
      await expectRefused('x.epub', bytes, 'archive_unsafe_path');
    }
  });

  it('refuses external entities and billion laughs in a chapter', async () => {
    const external = xhtml(
      '<p>&xxe;</p>',
      '<?xml version="1.0"?><!DOCTYPE html [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    await expectRefused('x.epub', buildEpub({ chapters: { 'ch1.xhtml': external } }), 'xml_entities');
    const laughs = xhtml('<p>&lol9;</p>', billionLaughs('html'));
    await expectRefused('x.epub', buildEpub({ chapters: { 'ch1.xhtml': laughs } }), 'xml_entities');
    const inPackage = buildEpub({
      chapters: { 'ch1.xhtml': chapter },
      packageDocument: epubPackage(['ch1.xhtml']).replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        billionLaughs('package'),
      ),
    });
    await expectRefused('x.epub', inPackage, 'xml_entities');
  });

  it('refuses a book whose chapters are encrypted (DRM), not one with obfuscated fonts only', async () => {
    const encryption = (uri: string) =>
      Buffer.from(
        `<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData></encryption>`,
      );
    const drm = buildEpub({
      chapters: { 'ch1.xhtml': chapter },
      extra: [{ name: 'META-INF/encryption.xml', data: encryption('OEBPS/ch1.xhtml') }],
    });
    const error = await refusal('x.epub', drm);
    expect(error.code).toBe('epub_protected');
    expect(error.message).toBe(NOVEL_IMPORT_MESSAGES.epubProtected);
    const fonts = buildEpub({
      chapters: { 'ch1.xhtml': xhtml('<p>نص</p>') },
      extra: [{ name: 'META-INF/encryption.xml', data: encryption('OEBPS/font.otf') }],
    });
    expect(await blocksOf('x.epub', fonts)).toEqual([{ type: 'paragraph', runs: [{ text: 'نص' }] }]);
  });

  it('refuses a zip that is no EPUB', async () => {
    await expectRefused('x.epub', buildZip([{ name: 'a.txt', data: Buffer.from('x') }]), 'not_an_epub');
    await expectRefused('x.epub', Buffer.from('نص'), 'not_an_epub');
  });
});

describe('importChapterFile: types', () => {
  it('reads a .txt and refuses other types and a zip renamed .txt', async () => {
    expect(await blocksOf('فصل.TXT', Buffer.from('نص'))).toEqual([
      { type: 'paragraph', runs: [{ text: 'نص' }] },
    ]);
    await expectRefused('فصل.pdf', Buffer.from('%PDF-1.7'), 'unsupported_type');
    await expectRefused('فصل', Buffer.from('نص'), 'unsupported_type');
    await expectRefused('فصل.txt', buildDocx({ document: wordDocument('') }), 'not_text');
  });

  it('counts words and reading time of what it stores', async () => {
    const words = Array.from({ length: 138 }, () => 'كلمة').join(' ');
    const prepared = await importChapterFile({ name: 'x.txt', bytes: Buffer.from(words) });
    expect(prepared.words).toBe(138);
    expect(prepared.readingMinutes).toBe(1);
  });
});
