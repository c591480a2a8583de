import type { Deps } from "../deps.ts";
import { refusalOf, REFUSALS } from "../domain/order/guards.ts";
import { AppError, BadRequestError, ConflictError, NotFoundError } from "../domain/errors.ts";
import { songUrlFor } from "../domain/song/download.ts";
import type { ManualOrderBody } from "../domain/admin/manual_order.ts";
import { DUPLICATE_ORDER_CODE, duplicateOrderMessage } from "../domain/admin/manual_order_duplicates.ts";
import type { UploadedFile } from "../domain/admin/staff_actions.ts";
import { songMade, songUploaded } from "../domain/order/lifecycle.ts";
import {
  buildOrder,
  isOrderId,
  type Order,
  type OrderForm,
  orderFormSchema,
} from "../domain/order/orders.ts";
import { blobIdOfSongUrl } from "../domain/song/uploads.ts";
import { type SongWords, songWordsRefusal } from "../domain/song/upload_words.ts";
import { CONFLICT, retryOnConflict } from "../kv/atomic.ts";
import { addStaffEvent } from "../kv/events.ts";
import { keys } from "../kv/keys.ts";
import { writeOrder } from "../kv/orders.ts";
import { writeNewOrder } from "../kv/order_numbers.ts";
import { findDuplicateOrders } from "../kv/order_duplicates.ts";
import { attachSongUpload, getSongUpload, type SongUpload } from "../kv/song_uploads.ts";
import { getUserByEmail } from "../kv/users.ts";
import { iso } from "../domain/time.ts";

/**
 * Staff's own songs (staff-side §2): a song uploaded for an order the pipeline has not finished (or
 * has failed), and an order created by hand around an uploaded song. Either is one atomic write that
 * checks the order (or the order-number sequence) and the upload record, so an upload goes to exactly
 * one order, and a generation step still in flight loses its race: its commit checks the order's
 * versionstamp, which this write changes (jobs/generation.ts).
 */
/** The admin doing it, as the session knows them. */
export interface Admin {
  id: string;
  username: string;
}

export const MANUAL_SONG_MESSAGES = {
  notOurs: "This song address is not one of our uploads. Please upload the song file again.",
  taken: "This uploaded song already belongs to another order. Please upload the file again.",
  expired: "This upload is more than 7 days old and has been discarded. Please upload the file again.",
  hasSong: REFUSALS.hasSong,
  orderNotFound: "Order not found.",
} as const;

/**
 * Staff-side §7, `POST /api/admin/orders/{id}/upload`: the order completes with the uploaded song,
 * and with the title and lyrics sent with it when the order had none (domain/song/upload_words.ts).
 */
export function uploadSong(
  deps: Deps,
  orderId: string,
  songUrl: string,
  admin: Admin,
): Promise<Order> {
  const { kv } = deps;
  if (!isOrderId(orderId)) throw new NotFoundError(MANUAL_SONG_MESSAGES.orderNotFound);
  const blobId = ourBlobId(deps, songUrl);
  return retryOnConflict(`song upload to order ${orderId}`, async () => {
    const now = deps.clock.now();
    const [orderEntry, uploadEntry] = await Promise.all([
      kv.get<Order>(keys.order(orderId)),
      getSongUpload(kv, blobId),
    ]);
    const order = orderEntry.value;
    if (!order) throw new NotFoundError(MANUAL_SONG_MESSAGES.orderNotFound);
    // A repeated request (a double click, a retry after a lost answer) finds its own work done.
    if (uploadEntry.value?.attachedTo === orderId && order.songBlobId === blobId) return order;
    const upload = usableUpload(uploadEntry, now);
    const refusal = refusalOf(order, "upload");
    if (refusal) throw new ConflictError(refusal);
    const words = upload.value.words ?? null;
    const wordsRefusal = songWordsRefusal(order, words);
    if (wordsRefusal) throw new ConflictError(wordsRefusal);

    const next = songUploaded(
      withWords(order, words),
      {
        songUrl: songUrlOf(deps, upload.value.blobId),
        songBlobId: upload.value.blobId,
        songTitle: words?.songTitle || order.songTitle || `${order.childName}'s Song`,
      },
      admin.username,
      now,
    );
    const operation = writeOrder(kv.atomic().check(orderEntry), order, next);
    attachSongUpload(operation, upload, orderId, now);
    // The timeline's one line for it: staff's, naming who and which file (a second, pipeline line
    // said only "by an admin").
    addStaffEvent(
      operation,
      orderId,
      admin.username,
      { action: "upload", file: uploadedFile(upload.value), words },
      now,
    );
    return (await operation.commit()).ok ? next : CONFLICT;
  });
}

/** Lyrics sent with the upload go where the order had none (songWordsRefusal has checked that). */
function withWords(order: Order, words: SongWords | null): Order {
  return words?.songLyrics ? { ...order, songLyrics: words.songLyrics } : order;
}

/** A manual order like one that exists: 409 with a `code`, so the dialog can offer to go on anyway. */
class DuplicateOrderError extends AppError {
  constructor(readonly orderNumbers: number[]) {
    super(409, duplicateOrderMessage(orderNumbers), { code: DUPLICATE_ORDER_CODE });
  }
}

/**
 * The fields staff typed (domain/admin/manual_order.ts, checked by the route) and the uploaded song. Words
 * sent with the upload are not used: the form's own title and lyrics are required.
 */
export interface ManualOrderInput extends ManualOrderBody {
  songUrl: string;
}

/**
 * Staff-side §7, `POST /api/admin/orders/create`: a finished order around an uploaded song, ready for
 * approval. It costs nothing and is paid by nobody (`payment.kind` "manual" says who made it); it
 * belongs to the user with the parent's address when there is one (else it joins them when they sign
 * in, like a guest's order). The number comes from the same sequence as every order. One that repeats
 * an existing order is refused with a warning until staff say to go on (`allowDuplicate`).
 */
export async function createManualOrder(
  deps: Deps,
  input: ManualOrderInput,
  admin: Admin,
): Promise<Order> {
  const { kv } = deps;
  const blobId = ourBlobId(deps, input.songUrl);
  const duplicateOf = (await findDuplicateOrders(kv, input)).map((order) => order.orderNumber);
  if (duplicateOf.length > 0 && !input.allowDuplicate) throw new DuplicateOrderError(duplicateOf);
  const owner = await getUserByEmail(kv, input.parentEmail);
  return await writeNewOrder(kv, "manual order", async (takeNumber) => {
    const now = deps.clock.now();
    const upload = usableUpload(await getSongUpload(kv, blobId), now);
    const operation = kv.atomic();
    const orderNumber = await takeNumber(operation);
    const order = manualOrder(deps, input, upload.value, admin, {
      orderNumber,
      userId: owner?.id ?? null,
      now,
    });
    writeOrder(operation, null, order);
    attachSongUpload(operation, upload, order.id, now);
    addStaffEvent(operation, order.id, admin.username, {
      action: "manual-order",
      file: uploadedFile(upload.value),
      songTitle: input.songTitle,
      // Going on past the warning is staff's call, so the timeline says which orders it repeats.
      ...(duplicateOf.length > 0 ? { duplicateOf } : {}),
    }, now);
    return (await operation.commit()).ok ? order : CONFLICT;
  });
}

function manualOrder(
  deps: Deps,
  input: ManualOrderInput,
  upload: SongUpload,
  admin: Admin,
  facts: { orderNumber: number; userId: string | null; now: number },
): Order {
  const base = buildOrder(manualForm(input), {
    id: crypto.randomUUID(),
    orderNumber: facts.orderNumber,
    userId: facts.userId,
    price: { basePrice: 0, streamingPrice: 0, discountAmount: 0, totalPrice: 0 },
    payment: { kind: "manual", createdBy: admin.username },
    promoCode: null,
    referralCodeUsed: null,
    customerReferralCode: null,
    now: facts.now,
  });
  // Born finished: the song staff uploaded waits for review like a made one.
  const song = {
    songUrl: songUrlOf(deps, upload.blobId),
    songBlobId: upload.blobId,
    songTitle: input.songTitle,
  };
  return {
    ...base,
    ...songMade(song, null, facts.now),
    childAge: String(input.childAge),
    songLyrics: input.songLyrics,
    statusDetail: `Created by ${admin.username} with an uploaded song.`,
    lastEventAt: iso(facts.now),
  };
}

/**
 * The order form's fields as the manual form fills them: what it asks, and the order form's own
 * defaults for the rest. The order form requires a parent name; the manual form does not ask for
 * one (the address is what staff know the parent by), so a stand-in passes the check and is cleared.
 */
function manualForm(input: ManualOrderInput): OrderForm {
  const form = orderFormSchema.parse({
    childName: input.childName,
    parentName: "-",
    parentEmail: input.parentEmail,
  });
  return { ...form, parentName: "" };
}

function ourBlobId(deps: Deps, songUrl: string): string {
  const blobId = blobIdOfSongUrl(deps.config.appUrl, songUrl);
  if (!blobId) throw new BadRequestError(MANUAL_SONG_MESSAGES.notOurs);
  return blobId;
}

/** The upload, if it exists, is free and still in time; otherwise the reason it cannot be used. */
function usableUpload(entry: Deno.KvEntryMaybe<SongUpload>, now: number): Deno.KvEntry<SongUpload> {
  const upload = entry.value;
  if (!upload) throw new BadRequestError(MANUAL_SONG_MESSAGES.notOurs);
  if (upload.attachedTo) throw new BadRequestError(MANUAL_SONG_MESSAGES.taken);
  if (Date.parse(upload.expiresAt) <= now) throw new BadRequestError(MANUAL_SONG_MESSAGES.expired);
  return entry as Deno.KvEntry<SongUpload>;
}

/** Our address of the song, rebuilt from the blob rather than echoing what the client sent. */
function songUrlOf(deps: Deps, blobId: string): string {
  return songUrlFor(deps.config.appUrl, blobId);
}

function uploadedFile(upload: SongUpload): UploadedFile {
  return {
    fileName: upload.fileName,
    sizeBytes: upload.sizeBytes,
    durationSeconds: upload.durationSeconds,
    bitrateKbps: upload.bitrateKbps,
  };
}
