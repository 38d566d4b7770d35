// Copyright line and developer credit (specification 000, section 1). The credit links to the
// API documentation that the app itself serves, so the link always works.
const DEVELOPER = { name: '在庫・製造管理 開発チーム', url: '/api/docs' };

export function Footer() {
  return (
    <footer className="border-t border-gray-200 bg-white py-4 text-center text-xs text-gray-500 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
      <p>© {new Date().getFullYear()} 在庫・製造管理. All rights reserved.</p>
      <p className="mt-1">
        開発:{' '}
        <a href={DEVELOPER.url} className="text-blue-600 hover:underline dark:text-blue-400" target="_blank" rel="noreferrer">
          {DEVELOPER.name}
        </a>
      </p>
    </footer>
  );
}
