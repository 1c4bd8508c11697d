import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ComponentOf, ConversationMessage } from '../../../../screens/contract/components.js';
import type { ActionResult } from '../../../../screens/contract/screen.js';
import { useResultHandler } from '../../actions/use-run-action.js';
import { useScreenPatch } from '../../actions/screen-patch.js';
import { postAction } from '../../lib/api.js';

type Node = ComponentOf<'conversation'>;

/** The message being answered: shown at once, with the typing indicator, or with a retry when it failed. */
interface Pending {
  text: string;
  /** Sent again on retry, so the server answers a retried message once. */
  key: string;
  failed: boolean;
}

/**
 * A chat drawn from the server's `conversation` component: messages as text (never HTML), a
 * composer that keeps the focus, suggestions to start, feedback buttons on answers, a typing
 * indicator and a retry of the same message. Every word comes from the node; the server decides.
 */
export function Conversation({ node }: { node: Node }) {
  const patch = useScreenPatch();
  const handle = useResultHandler();
  const inputId = useId();
  const noticeId = useId();
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [rating, setRating] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // Long conversations scroll: the newest message (or the typing indicator) stays in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [node.messages.length, pending]);

  /** Applies an answer; true when the conversation moved on. */
  async function apply(result: ActionResult): Promise<boolean> {
    if (result.kind === 'replace') {
      if (result.node.id && patch) patch.replace(result.node.id, result.node);
      return true;
    }
    if (result.kind === 'field-errors') {
      setNotice(result.message ?? Object.values(result.errors)[0] ?? null);
      return false;
    }
    if (result.kind === 'error') {
      setNotice(result.message);
      return false;
    }
    await handle(result);
    return true;
  }

  async function send(text: string, key: string) {
    setPending({ text, key, failed: false });
    setNotice(null);
    let result: ActionResult;
    try {
      result = await postAction(node.send.action, { mensagem: text, chave: key });
    } catch {
      setPending({ text, key, failed: true });
      return;
    }
    if (result.kind === 'error') {
      setPending({ text, key, failed: true });
      return;
    }
    const moved = await apply(result);
    setPending(null);
    // Refused (empty, too long, too many): what was typed comes back to the composer, unless a new text is there.
    if (!moved) setDraft((current) => current || text);
    inputRef.current?.focus();
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (pending && !pending.failed) return;
    const text = draft;
    setDraft('');
    void send(text, crypto.randomUUID());
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  }

  async function rate(message: ConversationMessage, feedback: 'POSITIVE' | 'NEGATIVE') {
    if (!node.feedback || rating) return;
    setRating(message.id);
    setNotice(null);
    try {
      await apply(await postAction(node.feedback.action, { mensagem: message.id, feedback }));
    } catch {
      setNotice(node.failure.text);
    } finally {
      setRating(null);
    }
  }

  const answering = pending !== null && !pending.failed;
  const showSuggestions = node.messages.length === 0 && !pending && (node.suggestions?.length ?? 0) > 0;

  return (
    <section className="conversation">
      {/* The log (scrolling, announced as it grows) holds the list: a list may not itself be a log. */}
      <div className="conversation-log" role="log" aria-label={node.label} ref={logRef} tabIndex={0}>
        <ol className="conversation-messages">
          {node.messages.map((m) => (
            <li key={m.id} className={`conversation-message conversation-${m.role}`}>
              <span className="conversation-author">{m.author}</span>
              <p className="conversation-content">{m.content}</p>
              {node.feedback && m.feedback !== undefined && (
                <div className="conversation-feedback">
                  {m.feedback === 'DEFAULT' ? (
                    <>
                      <button type="button" className="button button-link" disabled={rating !== null} onClick={() => void rate(m, 'POSITIVE')}>
                        {node.feedback.positiveLabel}
                      </button>
                      <button type="button" className="button button-link" disabled={rating !== null} onClick={() => void rate(m, 'NEGATIVE')}>
                        {node.feedback.negativeLabel}
                      </button>
                    </>
                  ) : (
                    <span className="conversation-rated">{node.feedback.sentText}</span>
                  )}
                </div>
              )}
            </li>
          ))}
          {pending && (
            <li className="conversation-message conversation-user conversation-pending">
              <p className="conversation-content">{pending.text}</p>
              {pending.failed && (
                <div className="conversation-failure" role="alert">
                  <span>{node.failure.text}</span>{' '}
                  <button type="button" className="button button-secondary" onClick={() => void send(pending.text, pending.key)}>
                    {node.failure.retryLabel}
                  </button>
                </div>
              )}
            </li>
          )}
        </ol>
      </div>
      {answering && (
        <p className="conversation-typing" role="status">
          {node.typingText}
        </p>
      )}
      {showSuggestions && (
        <div className="conversation-suggestions" role="group" aria-label={node.suggestionsLabel}>
          {node.suggestionsLabel && <p className="conversation-suggestions-label">{node.suggestionsLabel}</p>}
          {node.suggestions!.map((s) => (
            <button key={s} type="button" className="button button-secondary" onClick={() => void send(s, crypto.randomUUID())}>
              {s}
            </button>
          ))}
        </div>
      )}
      <form className="conversation-composer" onSubmit={submit}>
        <label htmlFor={inputId}>{node.composer.label}</label>
        <textarea
          id={inputId}
          ref={inputRef}
          rows={2}
          value={draft}
          maxLength={node.composer.maxLength}
          placeholder={node.composer.placeholder}
          aria-describedby={notice ? noticeId : undefined}
          aria-invalid={notice ? true : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {notice && (
          <p id={noticeId} className="conversation-notice text tone-danger" role="alert">
            {notice}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={answering}>
          {node.composer.sendLabel}
        </button>
      </form>
    </section>
  );
}
