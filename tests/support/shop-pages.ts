/** Whether the permanent cover panel shows its 'Secure Cover Active' status (the words alone are also in the page's strings). */
export const secureCoverActive = (html: string) => /role="status"[^>]*>(?:(?!<\/p>).)*Secure Cover Active<\/p>/s.test(html);
