package dev.fluxbench.app.unit;

/**
 * The insert of units that another request may insert at the same moment: two fresh
 * fetches of one absent unit, two ingestions of one file. A plain insert makes the second
 * one fail on the primary key; this one inserts nothing for an id already stored (or
 * being stored by a transaction that then commits), and the caller, told so by the row
 * count, goes on as if the unit had been there. Written in each database's words: H2
 * (PostgreSQL mode) and PostgreSQL take {@code on conflict do nothing}; MariaDB has no
 * such clause, and {@code on duplicate key update} reports a row it left alone as changed
 * under the drivers' found-rows default, so it takes {@code insert ignore}. That one also
 * turns other errors into warnings: a name too long for its column is stored cut on
 * MariaDB where H2 and PostgreSQL refuse it.
 */
public final class InsertIfAbsent {

	/** The columns, in the order their values are given. */
	public static final String COLUMNS = "(id, partner, name, category, amount, currency, version, updated_at)";

	private InsertIfAbsent() {
	}

	/**
	 * Returns the statement that inserts the given rows, skipping those whose id is
	 * already stored, in the database's dialect.
	 * @param database the database's product name, as its JDBC or R2DBC driver reports it
	 * @param values the values clause: one or more parenthesised rows in the order of
	 * {@link #COLUMNS}
	 */
	public static String sql(String database, String values) {
		return "MariaDB".equals(database) ? "insert ignore into unit " + COLUMNS + " values " + values
				: "insert into unit " + COLUMNS + " values " + values + " on conflict do nothing";
	}

}
