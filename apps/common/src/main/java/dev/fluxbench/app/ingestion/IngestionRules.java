package dev.fluxbench.app.ingestion;

import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.unit.IngestionRequest;
import dev.fluxbench.contract.unit.delta.DeltaCounts;
import dev.fluxbench.contract.unit.delta.DeltaFileException;
import dev.fluxbench.contract.unit.delta.DeltaHeader;

/**
 * The decisions both stacks make alike, in the same words: which requests are valid,
 * which files belong to the ingestion, and how a failed file is described in the
 * ingestion record.
 */
final class IngestionRules {

	/** Columns hold 2048 characters; a reason quoting a long line is cut to fit. */
	static final int MAX_TEXT = 2048;

	/**
	 * The schedule value that switches the daily ingestion off (Spring's disabled cron).
	 */
	static final String NEVER = "-";

	private IngestionRules() {
	}

	/**
	 * The day the partners' files are named after is the UTC day, as the file server has
	 * it.
	 */
	static LocalDate today() {
		return LocalDate.now(ZoneOffset.UTC);
	}

	/**
	 * Checks an ingestion request against the known partners and today's date.
	 * @throws ProblemException an {@code invalid-fields} problem naming an unknown
	 * partner and a day after today
	 */
	static void requireValid(IngestionRequest request, IngestionProperties properties) {
		List<InvalidField> invalid = new ArrayList<>();
		if (!properties.partners().contains(request.partner())) {
			invalid.add(new InvalidField("partner", "must be one of " + properties.partners()));
		}
		if (request.day().isAfter(today())) {
			invalid.add(new InvalidField("day", "must not be after today (UTC)"));
		}
		if (!invalid.isEmpty()) {
			throw new ProblemException(Problem.invalidFields(invalid));
		}
	}

	/**
	 * Refuses a file whose header names another partner or day: its units would be stored
	 * under the wrong ingestion.
	 */
	static void requireHeader(DeltaHeader header, String partner, LocalDate day) {
		if (!header.partner().equals(partner)) {
			throw new DeltaFileException(
					"The file's header names partner '" + header.partner() + "', not '" + partner + "'.");
		}
		if (!header.day().equals(day)) {
			throw new DeltaFileException("The file's header names day " + header.day() + ", not " + day + ".");
		}
	}

	/**
	 * Why a file read to its end still fails, or {@code null}. A file with more or fewer
	 * lines than its header announced was cut or added to; its units were sound one by
	 * one and are kept, but the ingestion does not pass for a complete one.
	 */
	static String incomplete(DeltaCounts counts) {
		if (counts.matchesHeader()) {
			return null;
		}
		return "The file has " + counts.unitLines() + " unit lines, but its header announced " + counts.header().units()
				+ ": it was cut or added to.";
	}

	/**
	 * One line for the ingestion record, whatever the stack's client or database threw.
	 */
	static String failure(URI url, Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof DownloadException || cause instanceof DeltaFileException) {
				return clip(cause.getMessage());
			}
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			String name = cause.getClass().getSimpleName();
			if (cause instanceof ConnectException || cause instanceof UnknownHostException
					|| name.equals("ConnectTimeoutException")) {
				return "Downloading " + url + " failed: the file server could not be reached.";
			}
			if (cause instanceof java.net.SocketTimeoutException || cause instanceof TimeoutException
					|| name.equals("ReadTimeoutException")) {
				return "Downloading " + url + " failed: the file server stopped sending within the read timeout.";
			}
			if (cause instanceof java.io.IOException) {
				return clip("Downloading " + url + " failed: " + cause.getClass().getSimpleName() + ": "
						+ cause.getMessage());
			}
		}
		return clip("Storing the file failed: " + failure.getClass().getSimpleName() + ": " + failure.getMessage());
	}

	static String clip(String text) {
		return (text == null || text.length() <= MAX_TEXT) ? text : text.substring(0, MAX_TEXT - 3) + "...";
	}

	/**
	 * The ingestion's line count column as SQL names it. LINES is a reserved word in
	 * MariaDB (LOAD DATA's {@code LINES TERMINATED BY}), which needs the name quoted; H2
	 * and PostgreSQL take it bare, and H2 would take a quoted {@code "lines"} for another
	 * column than the {@code LINES} it created.
	 * @param database the database's product name, as its JDBC or R2DBC driver reports it
	 */
	static String linesColumn(String database) {
		return "MariaDB".equals(database) ? "`lines`" : "lines";
	}

}
