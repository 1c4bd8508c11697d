import { Fragment } from 'react';

/**
 * A formatted value with a line-break opportunity after each '@', so a long e-mail address that
 * does not fit wraps as a person reads it ("eduardo.santos@ / example.com.br") instead of at an
 * arbitrary letter; anything else is the text as it is.
 */
export function BreakableText({ text }: { text: string }) {
  if (!text.includes('@')) return <>{text}</>;
  const parts = text.split('@');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              @<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}
