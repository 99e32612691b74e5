package db.common;

import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.contract.concert.SeedConcerts;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * Seeds {@link SeedConcerts}: one generator instead of thousands of rows written out
 * three times, once per database's SQL, and the contract tests read the same plan to know
 * what a concert holds. Java, so that the rows are batched inserts every driver runs
 * alike.
 */
public class V10__Seed_concerts extends BaseJavaMigration {

	@Override
	public void migrate(Context context) throws SQLException {
		Connection connection = context.getConnection();
		SeedConcerts.Plan plan = SeedConcerts.plan();
		List<Long> artists = ids(connection, "artist");
		if (artists.size() < SeedConcerts.ARTISTS) {
			throw new IllegalStateException(
					"Expected the " + SeedConcerts.ARTISTS + " seeded artists, found " + artists.size());
		}
		try (PreparedStatement insert = connection.prepareStatement("insert into music (name, lyrics) values (?, ?)")) {
			for (SeedConcerts.Music music : SeedConcerts.musics()) {
				insert.setString(1, music.name());
				if (music.lyrics() != null) {
					insert.setString(2, music.lyrics());
				}
				else {
					insert.setNull(2, Types.VARCHAR);
				}
				insert.addBatch();
			}
			insert.executeBatch();
		}
		List<Long> musics = ids(connection, "music");
		try (PreparedStatement insert = connection
			.prepareStatement("insert into listing (artist_id, reference_music_id) values (?, ?)")) {
			for (SeedConcerts.Listing listing : plan.listings()) {
				insert.setLong(1, at(artists, listing.artist()));
				insert.setLong(2, at(musics, listing.referenceMusic()));
				insert.addBatch();
			}
			insert.executeBatch();
		}
		List<Long> listings = ids(connection, "listing");
		try (PreparedStatement insert = connection
			.prepareStatement("insert into listing_music (listing_id, music_id) values (?, ?)")) {
			for (int i = 0; i < plan.listings().size(); i++) {
				for (int music : plan.listings().get(i).musics()) {
					insert.setLong(1, listings.get(i));
					insert.setLong(2, at(musics, music));
					insert.addBatch();
				}
			}
			insert.executeBatch();
		}
		try (PreparedStatement insert = connection
			.prepareStatement("insert into concert (name, location, concert_date) values (?, ?, ?)")) {
			for (SeedConcerts.Concert concert : plan.concerts()) {
				insert.setString(1, concert.name());
				insert.setString(2, concert.location());
				insert.setDate(3, Date.valueOf(concert.date()));
				insert.addBatch();
			}
			insert.executeBatch();
		}
		List<Long> concerts = ids(connection, "concert");
		try (PreparedStatement insert = connection
			.prepareStatement("insert into concert_listing (concert_id, listing_id) values (?, ?)")) {
			for (int i = 0; i < plan.concerts().size(); i++) {
				for (int listing : plan.concerts().get(i).listings()) {
					insert.setLong(1, concerts.get(i));
					insert.setLong(2, at(listings, listing));
					insert.addBatch();
				}
			}
			insert.executeBatch();
		}
	}

	/**
	 * The ids the table gave its rows, in insertion order: read back rather than assumed,
	 * as a database may number from elsewhere than 1.
	 */
	private static List<Long> ids(Connection connection, String table) throws SQLException {
		List<Long> ids = new ArrayList<>();
		try (Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("select id from " + table + " order by id")) {
			while (rows.next()) {
				ids.add(rows.getLong(1));
			}
		}
		return ids;
	}

	private static long at(List<Long> ids, int position) {
		return ids.get(position - 1);
	}

}
