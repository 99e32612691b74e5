package dev.fluxbench.harness.launch;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import dev.fluxbench.harness.results.MetricsCsv;

/**
 * A PostgreSQL database's own view of its load, from {@code pg_stat_database}: its
 * connections, and its cumulative transactions and rows, as metrics.csv lines of source
 * {@value #SOURCE}. It counts every client of the database: in a mixed run, every stack
 * at once. The reading connection is one of the connections it counts, and each reading
 * one of the transactions.
 * <p>
 * PostgreSQL's backends publish their counts at the end of a transaction, at most about
 * once a second, and an idle one some seconds later: a reading lags the load by that
 * much, which a load of tens of seconds absorbs. postgres_exporter reads the same view;
 * running one here would add a process and a port for five columns.
 */
public final class DatabaseActivity implements AutoCloseable {

	/** The source of its lines in metrics.csv. */
	public static final String SOURCE = "database";

	/** The gauge of connections to the database, the reading one included. */
	public static final String CONNECTIONS = "pg_stat_database_numbackends";

	/** The counter of committed transactions. */
	public static final String COMMITS = "pg_stat_database_xact_commit_total";

	/** The counter of rolled back transactions. */
	public static final String ROLLBACKS = "pg_stat_database_xact_rollback_total";

	/**
	 * Counters by their column of {@code pg_stat_database}, named as metrics.csv has
	 * them.
	 */
	private static final String QUERY = "select numbackends, xact_commit, xact_rollback, tup_returned, tup_fetched,"
			+ " tup_inserted, tup_updated, tup_deleted, blks_read, blks_hit from pg_stat_database"
			+ " where datname = current_database()";

	private final String url;

	private final Properties properties;

	private Connection connection;

	DatabaseActivity(String url, Properties properties) {
		this.url = url;
		this.properties = new Properties();
		this.properties.putAll(properties);
		// A database that stops answering costs a few readings, not a scrape thread
		// stuck for good; pgjdbc counts it in seconds.
		this.properties.setProperty("socketTimeout", "2");
	}

	/**
	 * One reading at {@code now}; none when the database did not answer, and the next
	 * reading connects anew.
	 */
	public synchronized List<MetricsCsv.Line> read(Instant now) {
		try {
			if (this.connection == null || this.connection.isClosed()) {
				this.connection = DriverManager.getConnection(this.url, this.properties);
				this.connection.setAutoCommit(true);
			}
			List<MetricsCsv.Line> lines = new ArrayList<>();
			try (Statement statement = this.connection.createStatement();
					ResultSet row = statement.executeQuery(QUERY)) {
				if (!row.next()) {
					return List.of();
				}
				ResultSetMetaData columns = row.getMetaData();
				for (int column = 1; column <= columns.getColumnCount(); column++) {
					String name = columns.getColumnLabel(column);
					String metric = "pg_stat_database_" + name + (name.equals("numbackends") ? "" : "_total");
					lines.add(new MetricsCsv.Line(now, SOURCE, metric, "", row.getDouble(column)));
				}
			}
			return lines;
		}
		catch (SQLException ex) {
			close();
			return List.of(new MetricsCsv.Line(now, SOURCE, "scrape_failed", ex.getClass().getSimpleName(), 1));
		}
	}

	@Override
	public synchronized void close() {
		if (this.connection != null) {
			try {
				this.connection.close();
			}
			catch (SQLException ex) {
				// Gone already: nothing is left to release.
			}
			this.connection = null;
		}
	}

}
