/** `GET /api/admin_extensions/banner/`: admin-provided HTML (sanitize before rendering). */
export interface BannerResponse {
  html_text: string;
}
