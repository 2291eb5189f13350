/** The agency's name, shared by the web's site config and what the API writes (RSS, mail). */
export const BRAND_NAME = 'Nexora IT Solutions';
