/** The tag of the partial prerendering lab's "use cache" part, which is in its shell. */
export const PPR_TAG = 'lab-ppr'
