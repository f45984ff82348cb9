import type { NovelDocument } from '@warraq/contracts';

/** A novel chapter's stored structure as reading text: every paragraph finds its own direction. */
export function NovelTextView({ text }: { text: NovelDocument }) {
  return (
    <article className="novel-text mx-auto w-full max-w-3xl text-lg leading-loose">
      {text.blocks.map((block, i) =>
        block.type === 'scene-break' ? (
          <hr key={i} className="my-8 border-none text-center before:content-['⁂']" aria-hidden="true" />
        ) : (
          <p key={i} dir="auto" className={block.type === 'dialogue' ? 'my-3' : 'my-4'}>
            {block.runs.map((run, j) => {
              const strong = run.strong ? <strong>{run.text}</strong> : run.text;
              return run.emphasis ? <em key={j}>{strong}</em> : <span key={j}>{strong}</span>;
            })}
          </p>
        ),
      )}
    </article>
  );
}
