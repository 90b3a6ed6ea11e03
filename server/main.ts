/**
 * The process entry. React and the router pick their production or development build from
 * NODE_ENV when first imported, so it is settled here, before anything imports them.
 */
const development = process.argv.includes("--dev");
process.env.NODE_ENV = development ? "development" : (process.env.NODE_ENV ?? "production");

const { startServer, reportStartupFailure } = await import("./start-server");
await startServer({ development }).catch(reportStartupFailure);
export {};
