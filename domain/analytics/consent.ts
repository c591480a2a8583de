/**
 * The one rule for whether a visitor asked not to be tracked: Do Not Track (`DNT: 1`,
 * `navigator.doNotTrack === "1"`) or Global Privacy Control (`Sec-GPC: 1`,
 * `navigator.globalPrivacyControl === true`). Either one turns analytics off for them, in the browser
 * (nothing is queued) and on the server (nothing tracked while handling their request, and nothing
 * later about an order placed with it). Pure, so the browser and the server read it the same way.
 */
export interface PrivacySignals {
  doNotTrack?: string | null;
  /** A boolean in the browser, the header's text on the server. */
  globalPrivacyControl?: boolean | string | null;
}

export function refusesTracking(signals: PrivacySignals): boolean {
  return signals.doNotTrack === "1" || signals.globalPrivacyControl === true ||
    signals.globalPrivacyControl === "1";
}

/** The same signals as a request carries them. */
export function requestRefusesTracking(headers: Headers): boolean {
  return refusesTracking({ doNotTrack: headers.get("dnt"), globalPrivacyControl: headers.get("sec-gpc") });
}
