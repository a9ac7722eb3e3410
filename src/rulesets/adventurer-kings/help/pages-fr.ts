export const PAGES_FR = []; 
