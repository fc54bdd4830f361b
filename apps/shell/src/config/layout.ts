/** antd's `lg` breakpoint (992 px): below it the sidebar hides behind a toggle button. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 992px)';

/** Width of the sidebar (and of the mobile drawer): wide enough for «Административные операции». */
export const SIDEBAR_WIDTH = 280;

/** Wide enough for the brand's word beside the logo in the top bar (a phone keeps the logo). */
export const BRAND_MEDIA_QUERY = '(min-width: 480px)';
