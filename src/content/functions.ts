/**
 * What the server functions say to visitors (src/server): JSON messages, the small pages a browser
 * gets after posting a form without script, and the blog's unavailable notice. The contact form's
 * own copy (labels, the failure panel) is in contact.ts, which the contact function also uses.
 */

/** The request sizes the functions accept, which their messages name. */
export const FUNCTION_LIMITS = {
  /** An enquiry is a few kilobytes at most (the longest answers are 5000 and 2000 characters). */
  contactBodyBytes: 32 * 1024,
  /** A sign-up is a few dozen bytes. */
  subscribeBodyBytes: 4 * 1024,
  /** A booking is a time, a zone, a name, an address and a phone number; a cancellation's note 1000 characters. */
  callsBodyBytes: 8 * 1024,
} as const;

export const contactFunctionCopy = {
  messages: {
    methodNotAllowed: "Method Not Allowed",
    unsupportedType: "Send the enquiry as JSON or as form data.",
    malformedJson: "The request body is not valid JSON.",
    malformedForm: "The request body is not valid form data.",
    tooLarge: `The enquiry is too large (at most ${FUNCTION_LIMITS.contactBodyBytes / 1024} KB).`,
    empty: "The enquiry is empty: send at least a full name and an e-mail address.",
    rateLimited: "Too many enquiries from here in a short time. Please wait a few minutes and try again, or email us.",
    unavailable: "We could not save your enquiry just now. Please try again in a minute, or email or WhatsApp us.",
    notConfigured: "Our contact form cannot take enquiries at the moment. Please email or WhatsApp us instead.",
    refused: "Some answers could not be saved. Please check them and try again.",
    accepted: "Thank you! Your enquiry has reached our team.",
  },
  /** The failure page of a native form post (its heading and buttons are contactCopy.failure). */
  page: {
    correct: "Use your browser's Back button to correct it: your answers are still in the form.",
    answersHeading: "Your answers",
    whatsappMessage: "Hi Ascend Digital, I tried to send my details through your contact form.",
  },
} as const;

export const subscribeFunctionCopy = {
  messages: {
    methodNotAllowed: "Method Not Allowed",
    emailRequired: "Email is required",
    invalidEmail: "Please enter a valid email address.",
    malformedJson: "The request body is not valid JSON.",
    malformedForm: "The request body is not valid form data.",
    unsupportedType: "Send the email as JSON or as form data.",
    tooLarge: `The request body is too large (at most ${FUNCTION_LIMITS.subscribeBodyBytes} bytes).`,
    rateLimited: "Too many sign-up attempts. Please wait a few minutes and try again.",
    notConfigured: "Newsletter sign-up is not available right now: no newsletter provider is configured.",
    providerFailed: "API request failed",
    internalError: "Internal Server Error",
    success: "Thanks for subscribing! Please check your inbox to confirm your address.",
  },
  /** The source tag sent to the provider with every sign-up. */
  source: "Website Footer",
  /** The page of a native form post. */
  page: {
    subscribed: "Thanks for subscribing",
    failed: "We couldn't subscribe you",
    back: "Back to the site",
  },
} as const;

/** The page-view beacon's refusals (api/collect). Nobody reads them but a developer. */
export const collectFunctionCopy = {
  messages: {
    methodNotAllowed: "Method Not Allowed",
    unsupportedType: "Send the page view as text/plain or application/json.",
    malformedJson: "The request body is not valid JSON.",
    malformedForm: "Send the page view as text/plain or application/json.",
    tooLarge: "The page view is too large (at most 2 KB).",
    empty: "The page view is empty: send at least its path.",
    path: "path must start with /, have no query or fragment, and be at most 300 characters.",
    kind: 'kind must be "pageview" or "intake".',
    referrer: "referrer must be a host name (not a URL).",
    utm: "utm_source, utm_medium, utm_campaign and utm_id must be text of at most 100 characters.",
    clickId: "click_id must be true or false.",
    width: "width must be one of 0, 640, 768, 1024, 1280, 1536.",
    crossSite: "Page views are accepted from this site's own pages only.",
    rateLimited: "Too many page views from here. Please wait a minute.",
    unavailable: "Page views cannot be counted just now.",
  },
} as const;

/** What api/calls (discovery calls) says; the refusals of a time are src/lib/calls/slots.ts's refusalMessage. */
export const callsFunctionCopy = {
  messages: {
    methodNotAllowed: "Method Not Allowed",
    unsupportedType: "Send the booking as JSON.",
    malformedJson: "The request body is not valid JSON.",
    malformedForm: "The form could not be read.",
    tooLarge: `The request is too large (at most ${FUNCTION_LIMITS.callsBodyBytes / 1024} KB).`,
    empty: "Choose a time for the call.",
    start: "Choose a time for the call.",
    timeZone: "Your time zone was not recognised. Please reload the page and try again.",
    action: 'action must be "book", "confirm", "reschedule" or "cancel".',
    view: "Ask for ?view=slots or ?view=challenge; a booking is read with a POST of its token.",
    challenge: "We could not check that this booking comes from a person. Please reload the page and try again.",
    confirmExpired:
      "This confirmation link has expired: an unconfirmed booking is held for 15 minutes only. Please book again.",
    personCap:
      "You already have two calls booked with us. Please move or cancel one (the link is in its e-mail) before booking another.",
    moves:
      "This call has been moved three times already. Please keep this time, or cancel it and email us to find another.",
    dailyMessages:
      "We have sent this e-mail address as many messages as we send in a day. Please try again tomorrow, or email or WhatsApp us.",
    phoneRequired: "We call you for this call: please add your phone number.",
    note: "The note must be text of at most 1000 characters.",
    leadToken: "This booking link has expired. Please book with your name and e-mail address instead.",
    taken: "Sorry, that time was just taken. Please choose another.",
    linkInvalid: "This link is no longer valid.",
    feedNotFound: "Not found.",
    rateLimited: "Too many requests from here in a short time. Please wait a few minutes and try again.",
    unavailable: "Booking is unavailable just now. Please try again in a minute, or email or WhatsApp us.",
    notConfigured: "Calls cannot be booked on the site at the moment. Please email or WhatsApp us instead.",
  },
  /** What a form posted by the browser itself (the call page's download button) gets when it is refused. */
  page: {
    failed: "Your calendar file could not be made",
    book: "Go to the booking page",
  },
  /** The invitation the call's page downloads (a POST of `{ action: "invitation", token }`). */
  invite: {
    title: "Discovery call with Ascend Digital",
    description:
      "A free, no-obligation call about your goals and how we can help. Reply to this invitation or use your booking link to move or cancel it.",
    fileName: "discovery-call.ics",
  },
  /** How each kind of meeting place is shown (the admin chooses the kind in call_settings). */
  place: {
    google_meet: "Google Meet (the link comes with your invitation)",
    video_link: "Video call (the link is in your invitation)",
    phone: "Phone call: we call the number you gave us",
  },
} as const;

export const blogFunctionCopy = {
  unavailable: "The blog is unavailable right now. Please try again in a minute.\n",
  methodNotAllowed: "Method Not Allowed\n",
} as const;

/** What the lead messages (src/server/messages) say beyond their templates. */
export const leadMessagesCopy = {
  /** The click-to-chat message a visitor's reply links to. */
  whatsappMessage: "Hi Ascend Digital, I just sent an enquiry through your website and would like to talk.",
  /** The service line when the visitor chose none. */
  noService: "General enquiry",
} as const;
