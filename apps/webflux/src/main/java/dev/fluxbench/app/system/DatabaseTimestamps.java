package dev.fluxbench.app.system;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Readable;

import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

/**
 * How an instant travels through R2DBC, by database. r2dbc-h2 and r2dbc-postgresql take
 * and give an {@link OffsetDateTime} for a {@code timestamp with time zone}.
 * r2dbc-mariadb has no codec for one, and converts an {@link Instant} at the JVM's zone:
 * on MariaDB an instant is a {@link LocalDateTime} in UTC, as db/mariadb's
 * {@code datetime(6)} columns hold it. Statements written for DatabaseClient bind and
 * read through {@link #bindable} and {@link #read}; entities and repository queries
 * through the {@link #converters()} that R2dbcConfiguration registers.
 */
public enum DatabaseTimestamps {

	/** H2 and PostgreSQL. */
	OFFSET_DATE_TIME(OffsetDateTime.class) {

		@Override
		public Object bindable(Instant instant) {
			return instant.atOffset(ZoneOffset.UTC);
		}

		@Override
		OffsetDateTime fromStored(Object stored) {
			return (OffsetDateTime) stored;
		}

		@Override
		List<Object> converters() {
			return List.of();
		}

	},

	/** MariaDB. */
	UTC_LOCAL_DATE_TIME(LocalDateTime.class) {

		@Override
		public Object bindable(Instant instant) {
			return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
		}

		@Override
		OffsetDateTime fromStored(Object stored) {
			return ((LocalDateTime) stored).atOffset(ZoneOffset.UTC);
		}

		@Override
		List<Object> converters() {
			return List.of(InstantToUtc.INSTANCE, OffsetDateTimeToUtc.INSTANCE, UtcToInstant.INSTANCE,
					UtcToOffsetDateTime.INSTANCE);
		}

	};

	private final Class<?> stored;

	DatabaseTimestamps(Class<?> stored) {
		this.stored = stored;
	}

	/** The way of the database behind this connection factory, r2dbc-pool's included. */
	public static DatabaseTimestamps of(ConnectionFactory connectionFactory) {
		// r2dbc-pool answers with the metadata of the driver it pools.
		return "MariaDB".equals(connectionFactory.getMetadata().getName()) ? UTC_LOCAL_DATE_TIME : OFFSET_DATE_TIME;
	}

	/** The instant as a value to bind to a statement of this database. */
	public abstract Object bindable(Instant instant);

	/** The instant in a row's column, at UTC on MariaDB; {@code null} for SQL NULL. */
	public OffsetDateTime read(Readable row, int index) {
		Object value = row.get(index, this.stored);
		return (value != null) ? fromStored(value) : null;
	}

	/** The instant in a row's column, at UTC on MariaDB; {@code null} for SQL NULL. */
	public OffsetDateTime read(Readable row, String name) {
		Object value = row.get(name, this.stored);
		return (value != null) ? fromStored(value) : null;
	}

	abstract OffsetDateTime fromStored(Object stored);

	/**
	 * What Spring Data R2DBC must convert, beyond its own conversions for the dialect.
	 */
	abstract List<Object> converters();

	// The direction of each converter is explicit: Spring Data takes both LocalDateTime
	// and OffsetDateTime for types that the store knows, and could not tell reading from
	// writing.

	@WritingConverter
	private enum InstantToUtc implements Converter<Instant, LocalDateTime> {

		INSTANCE;

		@Override
		public LocalDateTime convert(Instant source) {
			return LocalDateTime.ofInstant(source, ZoneOffset.UTC);
		}

	}

	@WritingConverter
	private enum OffsetDateTimeToUtc implements Converter<OffsetDateTime, LocalDateTime> {

		INSTANCE;

		@Override
		public LocalDateTime convert(OffsetDateTime source) {
			return LocalDateTime.ofInstant(source.toInstant(), ZoneOffset.UTC);
		}

	}

	@ReadingConverter
	private enum UtcToInstant implements Converter<LocalDateTime, Instant> {

		INSTANCE;

		@Override
		public Instant convert(LocalDateTime source) {
			return source.toInstant(ZoneOffset.UTC);
		}

	}

	@ReadingConverter
	private enum UtcToOffsetDateTime implements Converter<LocalDateTime, OffsetDateTime> {

		INSTANCE;

		@Override
		public OffsetDateTime convert(LocalDateTime source) {
			return source.atOffset(ZoneOffset.UTC);
		}

	}

}
