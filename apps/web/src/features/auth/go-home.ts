/**
 * After signing in, the page loads afresh from `/`: main.tsx then asks who the user is and runs the route tree
 * of their kind, whose home `/` leads to (spec section 2).
 */
export function goHomeSignedIn(): void {
  window.location.assign("/");
}
