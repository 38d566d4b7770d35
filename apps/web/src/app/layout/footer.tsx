// Copyright line and developer credit. The credit links to the
// developer's page or mail address named by VITE_DEVELOPER_URL when the web app is built (README,
// Configuration); without one it is the team's name alone: the app has no developer page of its
// own, and its API documentation is no page for the people who use it.
const DEVELOPER_NAME = '在庫・製造管理 開発チーム';

const linkClass = 'text-blue-600 hover:underline dark:text-blue-400';

export function Footer() {
  const url = import.meta.env.VITE_DEVELOPER_URL;
  const external = url?.startsWith('http');
  return (
    <footer className="border-t border-gray-200 bg-white py-4 text-center text-xs text-gray-500 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
      <p>© {new Date().getFullYear()} 在庫・製造管理. All rights reserved.</p>
      <p className="mt-1">
        開発:{' '}
        {url ? (
          <a href={url} className={linkClass} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {DEVELOPER_NAME}
          </a>
        ) : (
          DEVELOPER_NAME
        )}
      </p>
    </footer>
  );
}
