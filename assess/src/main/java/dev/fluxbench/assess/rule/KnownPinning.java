package dev.fluxbench.assess.rule;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.assess.Severity;

/**
 * The data file of libraries with known pinning or deadlock problems under virtual
 * threads, each with the version that fixes it and where that is said.
 */
public final class KnownPinning {

	static final String RESOURCE = "known-pinning.tsv";

	private KnownPinning() {
	}

	public static List<Entry> entries() {
		List<Entry> entries = new ArrayList<>();
		try (InputStream in = KnownPinning.class.getResourceAsStream(RESOURCE)) {
			if (in == null) {
				throw new IllegalStateException(RESOURCE + " is missing from the class path");
			}
			BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
			String line;
			int number = 0;
			while ((line = reader.readLine()) != null) {
				number++;
				if (line.isBlank() || line.startsWith("#")) {
					continue;
				}
				String[] fields = line.split("\t");
				if (fields.length != 6) {
					throw new IllegalStateException(
							RESOURCE + ":" + number + " has " + fields.length + " fields, not 6");
				}
				entries.add(new Entry(fields[0], fields[1].equals("-") ? null : fields[1],
						fields[2].equals("-") ? 0 : Integer.parseInt(fields[2]),
						Severity.valueOf(fields[3].toUpperCase(java.util.Locale.ROOT)), fields[4], fields[5]));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return entries;
	}

	/**
	 * One entry of the file.
	 *
	 * @param artifact group:artifact
	 * @param fixedIn the first version without the problem, or null when none has it
	 * fixed
	 * @param fixedByJdk the JDK release from which the JDK itself removes the problem, or
	 * 0
	 * @param severity how much it stands in the way below that JDK
	 * @param problem the problem, in one sentence
	 * @param source where it is documented
	 */
	public record Entry(String artifact, String fixedIn, int fixedByJdk, Severity severity, String problem,
			String source) {

	}

}
