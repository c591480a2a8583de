import { removalDoneWords, removalQuestion } from "./my_songs/removal_words.ts";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { AlertCircleIcon, MusicNoteIcon, PlusIcon, SpinnerIcon } from "../components/icons.tsx";
import { StatusPanel } from "../components/StatusPanel.tsx";
import { buttonClass, LINK_CLASS } from "../components/ui.ts";
import type { MySongsItem } from "../domain/order/views.ts";
import { track } from "./lib/analytics.ts";
import { api, ApiError, serverMessage } from "./lib/api.ts";
import { ConfirmDialog } from "./lib/ConfirmDialog.tsx";
import { clearSession } from "./lib/session.ts";
import { toast } from "./lib/toast.ts";
import { asRetrying, neighbourOf, restoreSong, withoutSong, withUpdatedSong } from "./my_songs/list.ts";
import { type DeliverySaveOutcome, DeliveryTimeDialog } from "./my_songs/DeliveryTimeDialog.tsx";
import { deliverySavedWords } from "./my_songs/delivery_words.ts";
import { deliveryAtOf, type DeliveryChoice } from "./order/delivery_time.ts";
import { singleFlight, startPolling } from "./my_songs/poller.ts";
import { type CardBusy, SongCard, songCardId } from "./my_songs/SongCard.tsx";

/** Customer-side §9: the list refreshes every 5 s while signed in. */
const POLL_MS = 5000;
/** Long enough to read the 'Login Required' toast before the page changes. */
const LOGIN_REDIRECT_MS = 1500;

export interface MySongsProps {
  /** Whether the server saw a signed-in user (cookie); the island still checks with the API. */
  signedIn: boolean;
}

type View = "loading" | "ready" | "unavailable" | "signed-out";

/** The customer's songs (customer-side §2, My Songs). */
export default function MySongs({ signedIn }: MySongsProps) {
  useSignals();
  const view = useSignal<View>(signedIn ? "loading" : "signed-out");
  const songs = useSignal<MySongsItem[]>([]);
  const busy = useSignal<Record<string, CardBusy>>({});
  const confirming = useSignal<MySongsItem | null>(null);
  const changingDelivery = useSignal<MySongsItem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reload = useRef<() => Promise<void>>(() => Promise.resolve());
  /**
   * Bumped by every change this page makes itself (delete, retry). A poll that was under way across
   * one may carry the list from before it, so its answer is dropped; the next poll is fresh.
   */
  const localChanges = useRef(0);
  /** A card id, or the page heading, to focus once the list has re-rendered after a delete. */
  const focusAfterRender = useRef<string | null>(null);
  const redirecting = useRef(false);

  const sendToLogin = () => {
    if (redirecting.current) return;
    redirecting.current = true;
    view.value = "signed-out";
    toast({ title: "Login Required", description: "Please log in to view your songs" });
    setTimeout(() => location.assign("/login"), LOGIN_REDIRECT_MS);
  };

  const isSignedOut = (error: unknown) => {
    if (!(error instanceof ApiError && error.status === 401)) return false;
    // The stored token no longer opens a session (customer-side §4: a failed auth check clears it).
    clearSession();
    sendToLogin();
    return true;
  };

  useEffect(() => {
    if (!signedIn) {
      sendToLogin();
      return;
    }
    let active = true;
    let stopPolling = () => {};
    const load = singleFlight(async () => {
      const changesBefore = localChanges.current;
      try {
        const list = await api<MySongsItem[]>("GET", "/api/orders/user");
        if (!active) return;
        if (changesBefore === localChanges.current) songs.value = list;
        view.value = "ready";
      } catch (error) {
        if (!active) return;
        if (isSignedOut(error)) stopPolling();
        // Otherwise the list stays as it was; the next poll tries again.
        else if (view.value === "loading") view.value = "unavailable";
      }
    });
    reload.current = load;
    load().finally(() => {
      if (active && !redirecting.current) stopPolling = startPolling(load, POLL_MS);
    });
    return () => {
      active = false;
      stopPolling();
    };
  }, []);

  useEffect(() => {
    const target = focusAfterRender.current;
    if (!target) return;
    focusAfterRender.current = null;
    const element = target === "heading" ? heading.current : document.getElementById(songCardId(target));
    element?.focus();
  });

  const setBusy = (id: string, state: CardBusy) => {
    busy.value = { ...busy.value, [id]: state };
  };

  const deleteSong = async (song: MySongsItem) => {
    // The dialog closes first (focus goes back to the card's delete button) and the card shows it is busy.
    confirming.value = null;
    setBusy(song.id, "deleting");
    localChanges.current++;
    try {
      await api("DELETE", `/api/orders/${encodeURIComponent(song.id)}`);
      localChanges.current++;
      focusAfterRender.current = neighbourOf(songs.value, song.id) ?? "heading";
      songs.value = withoutSong(songs.value, song.id);
      toast({ title: "Song deleted", description: removalDoneWords(song) });
    } catch (error) {
      if (isSignedOut(error)) return;
      track("API Error", { endpoint: "DELETE /api/orders/{id}", status: statusOf(error) });
      toast({
        title: "Error",
        description: "Failed to delete the song. Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(song.id, null);
    }
  };

  const retrySong = async (song: MySongsItem) => {
    setBusy(song.id, "retrying");
    localChanges.current++;
    songs.value = asRetrying(songs.value, song.id);
    // The Retry button is about to disappear; keep keyboard focus on its card, not lost on the page.
    document.getElementById(songCardId(song.id))?.focus();
    try {
      await api("POST", `/api/orders/${encodeURIComponent(song.id)}/retry-generation`);
      localChanges.current++;
      toast({
        title: "Retrying song generation",
        description: "We're generating your song again. This may take a few minutes.",
      });
    } catch (error) {
      localChanges.current++;
      songs.value = restoreSong(songs.value, song);
      if (isSignedOut(error)) return;
      track("API Error", { endpoint: "POST /api/orders/{id}/retry-generation", status: statusOf(error) });
      toast({
        title: "Error",
        description: "Failed to retry song generation. Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(song.id, null);
    }
  };

  /**
   * Moves the song's delivery (or asks for it as soon as it is ready) and shows the card as the server
   * answers it. Too late (409: the email is on its way) closes the dialog with the server's words and
   * refreshes the list, so the card stops offering the change.
   */
  const saveDelivery = async (
    song: MySongsItem,
    choice: DeliveryChoice,
    timeZone: string,
  ): Promise<DeliverySaveOutcome> => {
    localChanges.current++;
    try {
      const updated = await api<MySongsItem>(
        "PUT",
        `/api/orders/${encodeURIComponent(song.id)}/delivery-time`,
        { deliveryAt: deliveryAtOf(choice), deliveryTimeZone: timeZone },
      );
      localChanges.current++;
      songs.value = withUpdatedSong(songs.value, updated);
      changingDelivery.value = null;
      toast({ title: "Delivery time saved", description: deliverySavedWords(updated, Date.now()) });
      return { kind: "done" };
    } catch (error) {
      localChanges.current++;
      if (isSignedOut(error)) {
        changingDelivery.value = null;
        return { kind: "done" };
      }
      const status = statusOf(error);
      const message = serverMessage(error);
      if (status === 400 && message) return { kind: "refused", message };
      if (status === 409 && message) {
        changingDelivery.value = null;
        toast({ title: "It's already on its way", description: message });
        reload.current();
        return { kind: "done" };
      }
      track("API Error", { endpoint: "PUT /api/orders/{id}/delivery-time", status });
      return { kind: "failed", message: "We couldn't save the new time just now. Please try again." };
    }
  };

  const list = songs.value;
  const current = view.value;
  const empty = current === "ready" && list.length === 0;
  const asking = confirming.value;

  return (
    <div className="grid gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-2">
          <h1
            ref={heading}
            tabIndex={-1}
            className="font-display text-3xl font-extrabold text-slate-900 focus:outline-none sm:text-4xl"
          >
            My Songs
          </h1>
          <p className="text-slate-600">Every song made for your little ones, all in one place.</p>
        </div>
        {(current === "ready" || current === "unavailable") && !empty && (
          <a href="/order" className={`${buttonClass("primary")} self-start sm:self-auto`}>
            <PlusIcon />
            Create New Song
          </a>
        )}
      </div>

      {current === "loading" && <Loading />}
      {current === "signed-out" && <SignedOut />}
      {current === "unavailable" && <Unavailable onRetry={() => reload.current()} />}
      {empty && <NoSongs />}
      {current === "ready" && list.length > 0 && (
        <ul role="list" aria-label="Your songs" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((song) => (
            <li key={song.id}>
              <SongCard
                song={song}
                busy={busy.value[song.id] ?? null}
                onDelete={(chosen) => (confirming.value = chosen)}
                onRetry={retrySong}
                onChangeDelivery={(chosen) => (changingDelivery.value = chosen)}
              />
            </li>
          ))}
        </ul>
      )}

      {asking && (
        <ConfirmDialog
          title="Delete Song"
          message={removalQuestion(asking)}
          cancelLabel="Cancel"
          confirmLabel="Delete"
          destructive
          onCancel={() => (confirming.value = null)}
          onConfirm={() => deleteSong(asking)}
        />
      )}

      {changingDelivery.value && (
        <DeliveryTimeDialog
          song={changingDelivery.value}
          save={(choice, timeZone) => saveDelivery(changingDelivery.value!, choice, timeZone)}
          onClose={() => (changingDelivery.value = null)}
        />
      )}
    </div>
  );
}

function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

function Loading() {
  return (
    <div className="grid gap-6">
      <p role="status" className="flex items-center gap-3 text-slate-600">
        <SpinnerIcon className="h-5 w-5 text-violet-600" />
        Loading your songs...
      </p>
      <div aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <div
            key={index}
            className="grid h-48 gap-3 rounded-2xl border border-slate-200 bg-white p-5 motion-safe:animate-pulse"
          >
            <div className="h-6 w-1/2 rounded bg-slate-200" />
            <div className="h-4 w-1/3 rounded bg-slate-100" />
            <div className="h-7 w-2/5 rounded-full bg-violet-100" />
            <div className="h-4 w-full rounded bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}

function SignedOut() {
  return (
    <div role="status" className="grid justify-items-center gap-3 rounded-2xl bg-white p-8 text-center">
      <p className="text-lg text-slate-700">Please log in to view your songs.</p>
      <p className="text-slate-600">
        Taking you to the <a href="/login" className={LINK_CLASS}>login page</a>...
      </p>
    </div>
  );
}

function Unavailable({ onRetry }: { onRetry(): void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-4 rounded-2xl border border-red-200 bg-red-50 p-8 text-center"
    >
      <AlertCircleIcon className="h-10 w-10 text-red-600" />
      <p className="text-slate-700">
        We couldn't load your songs just now. We'll keep trying, or you can try again yourself.
      </p>
      <button type="button" onClick={onRetry} className={buttonClass("outline", "sm")}>Try again</button>
    </div>
  );
}

function NoSongs() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-violet-200 bg-white px-6 py-16">
      <StatusPanel layout="section" icon={<MusicNoteIcon className="h-8 w-8" />} title="No songs yet">
        <p className="max-w-md text-slate-600">
          Tell us about your child and we'll write a song that's all about them.
        </p>
        <a href="/order" className={buttonClass("primary", "lg")}>Create Your First Song</a>
      </StatusPanel>
    </div>
  );
}
