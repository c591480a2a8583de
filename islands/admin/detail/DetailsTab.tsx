import { DEFAULT_STREAMING_STATUS } from "../../../domain/song/streaming_status.ts";
import { failureTypeLabel } from "../../../domain/generation/stages.ts";
import { formatCents } from "../format.ts";
import { LocalTime } from "../LocalTime.tsx";
import { RequestedDeliveryWords } from "../RequestedDate.tsx";
import { scheduleDecidedBy } from "../requested_date.ts";
import { approvalView, stageLabel, statusView } from "../status.ts";
import { streamingArtistOf } from "../list/streaming_artist.ts";
import type { ListedOrder } from "../types.ts";
import { EmailEditor } from "./EmailEditor.tsx";
import { Field, Section, yesNo } from "./fields.tsx";

export interface DetailsTabProps {
  order: ListedOrder;
  onChanged(order: ListedOrder): void;
}

/** The order's state, the people, the gift, the money, streaming and delivery (staff-side §3). */
export function DetailsTab({ order, onChanged }: DetailsTabProps) {
  const artist = streamingArtistOf(order);
  return (
    <div className="grid gap-6">
      <Section title="Order">
        <Field label="Order Number" value={`#${order.orderNumber}`} />
        <Field label="Status" value={statusView(order).label} />
        {order.status === "completed" && (
          <Field label="Approval" value={approvalView(order.approvalStatus).label} />
        )}
        {/* The stage a finished order ended in says nothing; it matters while generating or failed. */}
        <Field
          label={order.status === "failed" ? "Failed Stage" : "Current Stage"}
          value={order.status === "generating" || order.status === "failed"
            ? stageLabel(order.currentStage)
            : null}
        />
        <Field label="Failure Type" value={failureTypeLabel(order.failureType)} />
        <Field label="Last Error Code" value={order.lastErrorCode ?? null} />
        <Field label="Error" value={order.error} wide />
        <Field label="Status Detail" value={order.statusDetail} wide />
      </Section>

      <Section title="Customer">
        <Field label="Parent Name" value={order.parentName} />
        <Field label="Child Calls Parent" value={order.parentCallName} />
        <Field
          label="Parent Email"
          value={<EmailEditor order={order} emailType="parent" onChanged={onChanged} />}
          wide
        />
      </Section>

      <Section title="Gift">
        <Field label="Is Gift" value={yesNo(order.isGift)} />
        {order.isGift && (
          <>
            <Field label="Recipient Name" value={order.giftRecipientName} />
            <Field
              label="Recipient Email"
              value={<EmailEditor order={order} emailType="gift" onChanged={onChanged} />}
              wide
            />
            <Field label="Gift Message" value={order.giftMessage} wide />
          </>
        )}
      </Section>

      <Section title="Pricing">
        <Field label="Base Price" value={formatCents(order.basePrice)} />
        {order.addStreamingServices && (
          <Field label="Streaming Price" value={formatCents(order.streamingPrice)} />
        )}
        <Field label="Total Price" value={formatCents(order.totalPrice)} />
        <Field label="Promo Code" value={order.promoCode} />
        <Field label="Customer Referral Code" value={order.customerReferralCode} />
        {/* Staff only: the family never sees this judgement of their payment. */}
        {order.discountReview && <Field label="Discount Review" value={order.discountReview.detail} wide />}
        {order.refund && (
          <Field
            label="Refunded"
            value={`${
              formatCents(order.refund.amount)
            } by ${order.refund.refundedBy} (${order.refund.refundId})`}
            wide
          />
        )}
      </Section>

      <Section title="Streaming">
        {/* A row of its own, so the status and the artist name it is for sit side by side. */}
        <Field label="Streaming Add-on" value={yesNo(order.addStreamingServices)} wide />
        {order.addStreamingServices && (
          <>
            <Field label="Streaming Status" value={order.streamingStatus ?? DEFAULT_STREAMING_STATUS} />
            {artist && <Field label="Artist Name" value={artist} />}
          </>
        )}
      </Section>

      <Section title="Delivery">
        <Field label="Created" value={<LocalTime iso={order.createdAt} />} />
        <Field label="Completed" value={order.completedAt && <LocalTime iso={order.completedAt} />} />
        <Field label="Requested Delivery" value={<RequestedDeliveryWords order={order} />} />
        {/* With a request, which decided the send: the family's moment, or the delay after approval. */}
        <Field
          label="Delivery Scheduled For"
          value={order.deliveryScheduledFor && (
            <>
              <LocalTime iso={order.deliveryScheduledFor} />
              {scheduleDecidedBy(order) && ` (${scheduleDecidedBy(order)})`}
            </>
          )}
        />
        <Field label="Email Sent" value={order.emailSentAt && <LocalTime iso={order.emailSentAt} />} />
      </Section>
    </div>
  );
}
