export const PAGES_EN = []; 
