// The id of the page-not-found route inside the main layout, by which the layout knows that a
// signed-out person asked for no page at all (the public page-not-found, not the login).
export const signedInNotFoundId = 'signed-in-not-found'
