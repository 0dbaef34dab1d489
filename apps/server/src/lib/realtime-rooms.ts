/**
 * The rooms of the real-time sockets. Staff of a company share its room; each customer user has a
 * room of their own, and the company's shop room. A socket also sits in the room of the session it
 * was opened with, so that session's end closes it.
 */
export const companyRoom = (companyId: number) => `company:${companyId}`;
/** every socket of one staff user (a password reset closes them all) */
export const userRoom = (userId: number) => `user:${userId}`;
/** The sockets opened with one staff session's token (its sign-out closes them). */
export const staffSessionRoom = (sessionId: string) => `session:${sessionId}`;
export const customerUserRoom = (customerUserId: number) => `customer-user:${customerUserId}`;
/** every signed-in customer user of a company: the shop's company-wide events (SHOP_EVENTS) */
export const shopRoom = (companyId: number) => `shop:${companyId}`;
/** The sockets opened with one customer-app session's token (its sign-out closes them). */
export const customerSessionRoom = (sessionId: string) => `customer-session:${sessionId}`;
