import { NotBuiltYet } from '../../shared/NotBuiltYet';

/** Category Management (/admin/categories). */
export function CategoriesPage() {
  return <NotBuiltYet titleKey="pages.categories" />;
}
