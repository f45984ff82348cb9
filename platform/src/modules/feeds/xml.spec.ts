import { el, empty, escapeAttribute, renderElement, renderXmlDocument } from './xml';

describe('the feeds XML serializer', () => {
  it('escapes markup in text so a title cannot become an element', () => {
    const xml = renderElement(el('title', {}, '<script>alert("x")</script> & <b>عنوان</b>'));
    expect(xml).toBe('<title>&lt;script&gt;alert("x")&lt;/script&gt; &amp; &lt;b&gt;عنوان&lt;/b&gt;</title>');
  });

  it('escapes quotes and line breaks in attribute values', () => {
    expect(escapeAttribute('a"b<c>&\n')).toBe('a&quot;b&lt;c&gt;&amp;&#10;');
    expect(renderElement(empty('link', { href: '/x?a=1&b="2"' }))).toBe(
      '<link href="/x?a=1&amp;b=&quot;2&quot;"/>',
    );
  });

  it('drops characters XML cannot carry, keeping Arabic, emoji, tabs and line breaks', () => {
    const xml = renderElement(el('p', {}, 'a\u0000b\u0007c\uFFFE\uD800 d\te\nمرحبا 📖'));
    expect(xml).toBe('<p>abc d\te\nمرحبا 📖</p>');
  });

  it('leaves out absent children and attributes and writes empty elements self-closed', () => {
    const xml = renderElement(
      el('entry', { lang: undefined, id: 3 }, null, false, empty('hr'), undefined, 'x'),
    );
    expect(xml).toBe('<entry id="3"><hr/>x</entry>');
  });

  it('refuses a name that is not an XML name instead of writing broken markup', () => {
    expect(() => renderElement(el('a b'))).toThrow('not an XML name');
    expect(() => renderElement(el('a', { 'x"y': '1' }))).toThrow('not an XML name');
  });

  it('starts a document with the UTF-8 declaration', () => {
    expect(renderXmlDocument(el('rss', { version: '2.0' }))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"></rss>\n',
    );
  });
});
