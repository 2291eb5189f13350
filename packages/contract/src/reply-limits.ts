// How many replies staff may send in an hour (issue 32, point 9): a stolen admin token must not turn the agency's
// domain into a mail cannon. The numbers are configuration (REPLIES_PER_LEAD_PER_HOUR, REPLIES_PER_ACCOUNT_PER_HOUR).

export const REPLY_RATE_DEFAULTS = { perLeadPerHour: 10, perAccountPerHour: 100 } as const;

/** The 429's sentence names the limit that was reached. */
export const REPLY_RATE_MESSAGES = {
  perLead: (max: number) => `At most ${max} replies to one lead per hour: this lead has had ${max}; try again later`,
  perAccount: (max: number) =>
    `At most ${max} replies from one account per hour: you have sent ${max}; try again later`,
} as const;
