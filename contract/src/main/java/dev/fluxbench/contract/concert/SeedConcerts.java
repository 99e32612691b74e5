package dev.fluxbench.contract.concert;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * The concerts every database is seeded with, the same rows in every stack: enough that
 * reading a whole concert touches many rows of every relation (a concert has 10 to 20
 * listings, a listing 5 to 15 musics), and listings and musics are shared between
 * concerts and listings. Rows refer to each other by their position, from 1, which is the
 * id a fresh table gives them.
 */
public final class SeedConcerts {

	public static final int ARTISTS = 50;

	public static final int MUSICS = 2000;

	public static final int LISTINGS = 1000;

	public static final int CONCERTS = 200;

	/**
	 * java.util.Random's algorithm is specified, so one seed gives the same rows on every
	 * JVM.
	 */
	private static final long RANDOM_SEED = 1L;

	private static final List<String> WORDS = List.of("Blue", "Harbour", "Night", "River", "Golden", "Rain", "Morning",
			"Stone", "Silver", "Road", "Summer", "Fire", "Quiet", "Storm", "Paper", "Moon", "Wild", "Garden", "Late",
			"Train");

	private static final List<String> LOCATIONS = List.of("Lisbon", "Tallinn", "Lagos", "Accra", "Naples", "Bergen",
			"Port of Spain", "Oslo", "Porto", "Tartu");

	private static final LocalDate FIRST_DATE = LocalDate.of(2026, 1, 1);

	private SeedConcerts() {
	}

	/** The musics, in id order. */
	public static List<Music> musics() {
		List<Music> musics = new ArrayList<>(MUSICS);
		for (int i = 0; i < MUSICS; i++) {
			String name = WORDS.get(i % WORDS.size()) + " " + WORDS.get((i / WORDS.size()) % WORDS.size()) + " "
					+ (i + 1);
			// Every tenth has no lyrics, so that a null travels through every stack too.
			String lyrics = (i % 10 == 9) ? null : "La la " + WORDS.get((i * 7) % WORDS.size()).toLowerCase() + " "
					+ WORDS.get((i * 3) % WORDS.size()).toLowerCase();
			musics.add(new Music(name, lyrics));
		}
		return musics;
	}

	/**
	 * The listings and the concerts, in id order: one draw, so one never shifts the
	 * other.
	 */
	public static Plan plan() {
		Random random = new Random(RANDOM_SEED);
		List<Listing> listings = new ArrayList<>(LISTINGS);
		for (int i = 0; i < LISTINGS; i++) {
			List<Integer> musics = pick(random, 5 + random.nextInt(11), MUSICS);
			int artist = 1 + random.nextInt(ARTISTS);
			listings.add(new Listing(artist, musics.get(random.nextInt(musics.size())), musics));
		}
		List<Concert> concerts = new ArrayList<>(CONCERTS);
		for (int i = 0; i < CONCERTS; i++) {
			String name = WORDS.get(random.nextInt(WORDS.size())) + " " + WORDS.get(random.nextInt(WORDS.size()))
					+ " Live " + (i + 1);
			concerts.add(new Concert(name, LOCATIONS.get(i % LOCATIONS.size()), FIRST_DATE.plusDays(3L * i),
					pick(random, 10 + random.nextInt(11), LISTINGS)));
		}
		return new Plan(listings, concerts);
	}

	/** {@code count} different positions out of 1..{@code of}, in ascending order. */
	private static List<Integer> pick(Random random, int count, int of) {
		TreeSet<Integer> picked = new TreeSet<>();
		while (picked.size() < count) {
			picked.add(1 + random.nextInt(of));
		}
		return List.copyOf(picked);
	}

	public record Music(String name, String lyrics) {

	}

	/** A listing, by the positions of its artist and musics. */
	public record Listing(int artist, int referenceMusic, List<Integer> musics) {

	}

	/** A concert, by the positions of its listings. */
	public record Concert(String name, String location, LocalDate date, List<Integer> listings) {

	}

	public record Plan(List<Listing> listings, List<Concert> concerts) {

	}

}
