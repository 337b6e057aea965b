"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ChannelInfo, ChatMessage } from "@/lib/protocol";
import { CHAT_MAX_LENGTH } from "@/lib/protocol";
import { Badge, Button, Card, cx } from "@/components/ui/primitives";
import { getSocket, request } from "./socket";

interface ChannelState {
  messages: ChatMessage[];
  more: boolean;
  loaded: boolean;
}

/** Room chat: one tab per channel the game lets this viewer read; the composer says why it is closed. */
export function ChatPanel({ code, channels, nameOf, you }: { code: string; channels: ChannelInfo[]; nameOf: (seat: string) => string; you: string | null }) {
  const [active, setActive] = useState<string | null>(null);
  const [byChannel, setByChannel] = useState<Record<string, ChannelState>>({});
  const [unread, setUnread] = useState<Record<string, number>>({});
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const current = channels.find((c) => c.id === active) ?? channels[0] ?? null;
  const activeId = current?.id ?? null;

  const load = useCallback(
    async (channel: string, before?: string) => {
      const r = await request("chat:history", { code, channel, ...(before ? { before } : {}) });
      if (!r.ok) return;
      setByChannel((prev) => {
        const old = prev[channel];
        const merged = before ? [...r.messages, ...(old?.messages ?? [])] : mergeById(old?.messages ?? [], r.messages);
        return { ...prev, [channel]: { messages: merged, more: r.more, loaded: true } };
      });
    },
    [code],
  );

  useEffect(() => {
    if (activeId && !byChannel[activeId]?.loaded) void load(activeId);
    if (activeId) setUnread((u) => ({ ...u, [activeId]: 0 }));
  }, [activeId, byChannel, load]);

  useEffect(() => {
    const s = getSocket(code);
    const onMessage = (p: { code: string; message: ChatMessage }) => {
      if (p.code !== code) return;
      const m = p.message;
      setByChannel((prev) => {
        const old = prev[m.channel] ?? { messages: [], more: false, loaded: false };
        return { ...prev, [m.channel]: { ...old, messages: mergeById(old.messages, [m]) } };
      });
      setUnread((u) => (m.channel === activeId ? u : { ...u, [m.channel]: (u[m.channel] ?? 0) + 1 }));
    };
    s.on("chat:message", onMessage);
    return () => {
      s.off("chat:message", onMessage);
    };
  }, [code, activeId]);

  const messages = useMemo(() => (activeId ? (byChannel[activeId]?.messages ?? []) : []), [activeId, byChannel]);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, activeId]);

  if (!current) return null;

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (!current || !draft.trim()) return;
    setError(null);
    const r = await request("chat:send", { code, channel: current.id, body: draft });
    if (!r.ok) return setError(r.message);
    setDraft("");
  }

  const label = (c: ChannelInfo) => {
    if (c.kind === "confessional") return you ? "Host (private)" : `Confessional · ${nameOf(c.members[0] ?? "")}`;
    if (c.kind === "direct") return c.members.filter((m) => m !== you).map(nameOf).join(" & ") || c.title;
    return c.title;
  };

  return (
    <Card title="Chat" data-testid="chat">
      <div role="tablist" aria-label="Chat channels" className="mb-2 flex flex-wrap gap-1">
        {channels.map((c) => (
          <button
            key={c.id}
            role="tab"
            type="button"
            aria-selected={c.id === activeId}
            onClick={() => setActive(c.id)}
            data-testid={`chat-tab-${c.id}`}
            className={cx("rounded-full px-2.5 py-1 text-xs font-medium", c.id === activeId ? "bg-garnet-700 text-white" : "bg-stone-100 text-stone-700 hover:bg-stone-200 dark:bg-stone-800 dark:text-stone-300")}
          >
            {label(c)}
            {!c.canWrite && <span className="ml-1 text-[10px] uppercase opacity-70">closed</span>}
            {(unread[c.id] ?? 0) > 0 && c.id !== activeId && <Badge tone="amber" className="ml-1">{unread[c.id]}</Badge>}
          </button>
        ))}
      </div>
      <ol ref={listRef} className="h-56 space-y-1 overflow-y-auto rounded-lg bg-stone-50 p-2 text-sm dark:bg-stone-950" aria-live="polite" data-testid="chat-messages">
        {byChannel[activeId!]?.more && (
          <li>
            <button type="button" className="text-xs text-stone-500 underline" onClick={() => void load(activeId!, messages[0]?.id)}>
              Older messages
            </button>
          </li>
        )}
        {messages.length === 0 && <li className="text-stone-500">No messages yet.</li>}
        {messages.map((m) => (
          <li key={m.id} className="break-words">
            <span className={cx("font-semibold", m.author === "host" && "text-garnet-700 dark:text-garnet-300")}>{m.author === "host" ? `${m.name} (host)` : m.name}</span>
            <span className="ml-1 text-xs text-stone-500">{new Date(m.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}</span>
            {/* plain text: React escapes it, and whitespace is kept */}
            <p className="whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
      {current.canWrite ? (
        <form onSubmit={send} className="mt-2 flex gap-2">
          <input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={CHAT_MAX_LENGTH}
            placeholder={`Message ${label(current)}`}
            aria-label={`Message ${label(current)}`}
            data-testid="chat-input"
            className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-950"
          />
          <Button type="submit" disabled={!draft.trim()} data-testid="chat-send">
            Send
          </Button>
        </form>
      ) : (
        <p className="mt-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-600 dark:bg-stone-800 dark:text-stone-300" data-testid="chat-closed">
          {current.closedReason}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300" data-testid="chat-error">
          {error}
        </p>
      )}
    </Card>
  );
}

function mergeById(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const seen = new Map<string, ChatMessage>();
  for (const m of [...a, ...b]) seen.set(m.id, m);
  return [...seen.values()].sort((x, y) => (BigInt(x.id) < BigInt(y.id) ? -1 : 1));
}
