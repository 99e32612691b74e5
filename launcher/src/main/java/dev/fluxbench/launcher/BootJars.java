package dev.fluxbench.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Spring Boot jars made quicker to start many times, for test suites that start the same
 * jar again and again.
 * <ul>
 * <li>{@link #extract} lays a jar out as Spring Boot's tools jar mode does: the
 * application's jar beside a {@code lib/} of plain jars, run with {@code java -jar} like
 * the packaged one. A rebuild of the packaged jar then changes nothing under a running
 * app's feet.</li>
 * <li>{@link #trainAotCache} starts an extracted jar once, until its context is
 * refreshed, and writes the JVM's ahead-of-time cache (JEP 483, JEP 514): the classes it
 * loaded, already parsed, verified and linked, which every later start maps instead of
 * loading them again.</li>
 * <li>{@link #prepare} does both once per build of a jar, for every process on the
 * machine that asks: the contract suite and the harness' tests share one training.</li>
 * </ul>
 * Not for benchmarks: a stack is measured as its users run it, and a cache also holds the
 * training's method profiles, which change how a JVM warms up.
 */
public final class BootJars {

	/** The first JDK whose {@code -XX:AOTCacheOutput} trains and writes in one run. */
	public static final int AOT_CACHE_JDK = 25;

	private static final String AOT_CACHE_FILE = "app.aot";

	/** Far above an extraction, or a start-up and the cache's assembly. */
	private static final Duration TIMEOUT = Duration.ofMinutes(10);

	/** One lock object per preparation directory, for the threads of this JVM. */
	private static final ConcurrentMap<Path, Object> PREPARING = new ConcurrentHashMap<>();

	private BootJars() {
	}

	/**
	 * The jar extracted, and trained into an AOT cache when asked and the JVM can, once
	 * per build of the jar and JDK: kept beside the packaged jar in
	 * {@code <name>-prepared/<digest>-jdk<version>/}, where every later caller, in this
	 * process or another, finds it. A rebuilt jar has another digest, so it is prepared
	 * anew and never replaces files under a running app. Callers that come while one
	 * prepares wait for it.
	 * @param java the JVM that extracts, trains and later runs the jar
	 * @param bootJar the packaged Spring Boot jar
	 * @param train whether to train an AOT cache too
	 * @param jvmFlags the flags of a training, if this call trains; a cache maps under
	 * other heap, GC and compiler flags too, but only under the same module options
	 * ({@code --enable-native-access} and the like): every start must pass the ones given
	 * here
	 * @param args application arguments under which the application starts alone
	 * @return the extracted jar, and its cache when there is one
	 * @throws IllegalStateException if the extraction or the training fails; the next
	 * caller tries again
	 */
	public static Prepared prepare(Path java, Path bootJar, boolean train, List<String> jvmFlags, List<String> args) {
		Path jarName = bootJar.getFileName();
		String name = jarName.toString().replaceFirst("\\.jar$", "");
		Path directory = bootJar.toAbsolutePath()
			.resolveSibling(name + "-prepared")
			.resolve(digest(bootJar) + "-jdk" + Runtime.version().toString().replaceAll("[^0-9A-Za-z.]", "_"));
		boolean trains = train && canTrainAotCache(java);
		Path app = directory.resolve("app");
		Path jar = app.resolve(jarName);
		Path extracted = directory.resolve("extracted");
		Path trained = directory.resolve("trained");
		synchronized (PREPARING.computeIfAbsent(directory, (key) -> new Object())) {
			try {
				Files.createDirectories(directory);
				try (FileChannel channel = FileChannel.open(directory.resolveSibling(directory.getFileName() + ".lock"),
						StandardOpenOption.CREATE, StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
					if (!Files.exists(extracted)) {
						Files.deleteIfExists(trained);
						extract(java, bootJar, app);
						Files.createFile(extracted);
					}
					if (trains && !Files.exists(trained)) {
						trainAotCache(java, jar, jvmFlags, args);
						Files.createFile(trained);
					}
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not prepare " + bootJar + " in " + directory, ex);
			}
		}
		return new Prepared(jar, trains ? Optional.of(jar.resolveSibling(AOT_CACHE_FILE)) : Optional.empty());
	}

	/**
	 * Extracts the Boot jar into the directory, which is emptied first.
	 * @param java the JVM that runs the extraction
	 * @return the extracted application jar, inside the directory
	 * @throws IllegalStateException if the extraction fails, with the end of its output
	 */
	public static Path extract(Path java, Path bootJar, Path directory) {
		delete(directory);
		Path log = directory.resolveSibling(directory.getFileName() + "-extract.log");
		run(List.of(java.toString(), "-Djarmode=tools", "-jar", bootJar.toString(), "extract", "--destination",
				directory.toString()), log, "extract " + bootJar);
		Path jar = directory.resolve(bootJar.getFileName());
		if (!Files.isRegularFile(jar)) {
			throw new IllegalStateException("Extracting " + bootJar + " left no " + jar + "; see " + log);
		}
		return jar;
	}

	/**
	 * Whether {@link #trainAotCache} can train for this JVM: only the running JDK's
	 * version is known here, so another JDK is taken as unable to.
	 */
	public static boolean canTrainAotCache(Path java) {
		return Runtime.version().feature() >= AOT_CACHE_JDK
				&& java.toAbsolutePath().startsWith(Path.of(System.getProperty("java.home")).toAbsolutePath());
	}

	/**
	 * Starts the extracted jar once, until its application context is refreshed, and
	 * writes its ahead-of-time cache beside it. A start then uses the cache with
	 * {@code -XX:AOTCache=} and the same flags; under other flags the JVM says on its
	 * console that it cannot map the cache, and starts without it.
	 * @param jvmFlags the flags every start of the jar takes
	 * @param args application arguments under which the application starts alone, with no
	 * service around
	 * @return the cache file
	 * @throws IllegalStateException if the JVM cannot train one, or the training fails
	 */
	public static Path trainAotCache(Path java, Path extractedJar, List<String> jvmFlags, List<String> args) {
		if (!canTrainAotCache(java)) {
			throw new IllegalStateException(java + " cannot train an AOT cache: it takes JDK " + AOT_CACHE_JDK
					+ " or later, and the JDK running this code");
		}
		Path cache = extractedJar.resolveSibling(AOT_CACHE_FILE);
		Path log = extractedJar.resolveSibling("aot-training.log");
		List<String> command = new ArrayList<>();
		command.add(java.toString());
		command.addAll(jvmFlags);
		command.addAll(List.of("-XX:AOTCacheOutput=" + cache, "-Dspring.context.exit=onRefresh", "-jar",
				extractedJar.toString()));
		command.addAll(args);
		run(command, log, "train an AOT cache of " + extractedJar);
		if (!Files.isRegularFile(cache)) {
			throw new IllegalStateException("Training " + extractedJar + " wrote no " + cache + "; see " + log);
		}
		return cache;
	}

	private static void run(List<String> command, Path log, String what) {
		try {
			Files.createDirectories(log.getParent());
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(Redirect.to(log.toFile()))
				.start();
			if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException("Could not " + what + " within " + TIMEOUT + "; see " + log);
			}
			if (process.exitValue() != 0) {
				throw new IllegalStateException("Could not " + what + ": exit code " + process.exitValue()
						+ ", last lines of " + log + ":\n  " + String.join("\n  ", LogTail.lastLines(log, 20)));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not " + what, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while trying to " + what, ex);
		}
	}

	private static void delete(Path directory) {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not empty " + directory, ex);
		}
	}

	/**
	 * The SHA-256 of a file's content, in hex: what a reproducible build stamps alike.
	 */
	static String digest(Path file) {
		try (DigestInputStream in = new DigestInputStream(Files.newInputStream(file),
				MessageDigest.getInstance("SHA-256"))) {
			in.transferTo(OutputStream.nullOutputStream());
			return HexFormat.of().formatHex(in.getMessageDigest().digest()).substring(0, 16);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every JDK has SHA-256", ex);
		}
	}

	/**
	 * A prepared jar.
	 *
	 * @param jar the extracted application jar, run with {@code java -jar}
	 * @param aotCache its AOT cache, when one was trained
	 */
	public record Prepared(Path jar, Optional<Path> aotCache) {

		/** The flag that maps the cache, if there is one. */
		public List<String> jvmFlags() {
			return this.aotCache.map((cache) -> List.of("-XX:AOTCache=" + cache)).orElse(List.of());
		}

	}

}
