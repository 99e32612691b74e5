package dev.fluxbench.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's promise, checked: the two apps have the same packages, the same types and
 * the same handlers, so that a diff of the two shows the paradigm and nothing else. What
 * only one stack has is listed below with the reason, and the list must stay true: a type
 * that is no longer there, or that the other app gained, fails the test too.
 */
class AppParityTests {

	private static final Path APPS = Path.of(System.getProperty("fluxbench.home", "..")).resolve("apps");

	private static final Path SOURCES = Path.of("src", "main", "java", "dev", "fluxbench", "app");

	/** Types only webflux has, by package path, each with why. */
	private static final Map<String, String> WEBFLUX_ONLY = Map.ofEntries(
			Map.entry("account/AccountJdbcRepository", "the jdbc and vt variants read users through JDBC"),
			Map.entry("account/AccountRow", "R2DBC and JDBC map the user query into the same rows"),
			Map.entry("artist/ArtistPages", "the list query maps rows by hand on DatabaseClient"),
			Map.entry("artist/ArtistPagesImpl", "the list query maps rows by hand on DatabaseClient"),
			Map.entry("concert/ConcertJoin", "R2DBC has no relations: the join variant's one SQL join, folded by hand"),
			Map.entry("concert/ConcertPublishers",
					"R2DBC has no relations: the per-relation variant's publisher per relation"),
			Map.entry("concert/ConcertRows", "rows read by position, as ArtistPagesImpl reads artists"),
			Map.entry("operation/BlockingOperationController", "the vt variant: blocking handlers on virtual threads"),
			Map.entry("operation/JpaOperations", "the jdbc variants: mvc's JPA repository off the event loop"),
			Map.entry("operation/Operation", "the R2DBC entity; mvc and the variants share OperationEntity"),
			Map.entry("operation/OperationRepository", "the R2DBC repository"),
			Map.entry("operation/Operations", "the one interface over the R2DBC and JPA repositories"),
			Map.entry("operation/OperationsConfiguration", "chooses the variant's repository and scheduler"),
			Map.entry("operation/OperationsInfoContributor", "names the variant in /actuator/info"),
			Map.entry("operation/OperationsProperties", "the variant's repository, scheduler and caps"),
			Map.entry("operation/OperationsVariant", "the variant's stack name"),
			Map.entry("operation/R2dbcOperations", "the default stack's repository behind Operations"),
			Map.entry("system/AbandonedRequests",
					"Reactor Netty cancels a request whose client left; Tomcat lets it run until a write fails"),
			Map.entry("system/ClientDisconnects",
					"Reactor Netty cancels a request whose client left; mvc sees the failed write in its handler"),
			Map.entry("system/DatabaseTimestamps", "r2dbc-mariadb has no codec for an instant"),
			Map.entry("system/DriverLoops", "the event loops the R2DBC drivers talk on; JDBC blocks a thread instead"),
			Map.entry("system/JdbcConfiguration", "the variants' Hikari pool beside R2DBC"),
			Map.entry("system/JdbcProperties", "the variants' Hikari pool beside R2DBC"),
			Map.entry("system/OffloadedConnectionFactory",
					"r2dbc-h2 runs statements on the caller's thread; connections are lent on a scheduler"),
			Map.entry("system/R2dbcConfiguration", "Spring Data R2DBC quotes names that JPA does not"));

	/** Types only mvc has, by package path, each with why. */
	private static final Map<String, String> MVC_ONLY = Map.of("account/OffloadedPasswordEncoder",
			"webflux checks passwords on a scheduler; mvc needs its own pool for it (docs/seed-002.md)",
			"system/HikariAcquireTimeout",
			"Hikari counts its acquire timeout in milliseconds; r2dbc-pool takes the duration from application.yaml");

	/** Handlers only mvc has, as {@code type handler}, each with why. */
	private static final Map<String, String> MVC_ONLY_HANDLERS = Map.of(
			"system/ApiExceptionHandler @ExceptionHandler typeMismatch",
			"WebFlux raises a parameter of the wrong type as a ServerWebInputException, which unreadable answers");

	/**
	 * A handler or advice annotation, possibly over several lines, and the method it is
	 * on.
	 */
	private static final Pattern HANDLER = Pattern
		.compile("@(GetMapping|PostMapping|PutMapping|DeleteMapping|PatchMapping|RequestMapping|ExceptionHandler)"
				+ "(\\((?:[^()]|\\([^()]*\\))*\\))?\\s+(?:@\\w+(?:\\([^)]*\\))?\\s+)*"
				+ "(?:(?:public|protected|private|static|final)\\s+)*([\\w<>\\[\\], ?]+?)\\s+(\\w+)\\s*\\(");

	@Test
	void bothAppsShouldHaveTheSameTypesButForTheListedOnes() {
		Set<String> mvc = types("mvc");
		Set<String> webflux = types("webflux");
		Set<String> onlyWebflux = new TreeSet<>(webflux);
		onlyWebflux.removeAll(mvc);
		Set<String> onlyMvc = new TreeSet<>(mvc);
		onlyMvc.removeAll(webflux);
		assertThat(onlyWebflux).as("types only webflux has").isEqualTo(new TreeSet<>(WEBFLUX_ONLY.keySet()));
		assertThat(onlyMvc).as("types only mvc has").isEqualTo(new TreeSet<>(MVC_ONLY.keySet()));
	}

	@Test
	void typesOfTheSameNameShouldHaveTheSameHandlers() {
		Set<String> shared = types("mvc");
		shared.retainAll(types("webflux"));
		assertThat(shared).as("shared types").isNotEmpty();
		Map<String, List<String>> mvc = new TreeMap<>();
		Map<String, List<String>> webflux = new TreeMap<>();
		Set<String> mvcOnly = new TreeSet<>();
		for (String type : shared) {
			List<String> handlers = new ArrayList<>(handlers(source("mvc", type)));
			handlers.removeIf((handler) -> MVC_ONLY_HANDLERS.containsKey(type + " " + handler)
					&& mvcOnly.add(type + " " + handler));
			mvc.put(type, handlers);
			webflux.put(type, handlers(source("webflux", type)));
		}
		assertThat(mvcOnly).as("handlers only mvc has").isEqualTo(MVC_ONLY_HANDLERS.keySet());
		assertThat(mvc.values().stream().mapToInt(List::size).sum()).as("handlers found").isGreaterThan(20);
		assertThat(webflux).allSatisfy((type, handlers) -> assertThat(handlers).as("handlers of %s in webflux", type)
			.isEqualTo(mvc.get(type)));
	}

	@Test
	void handlersShouldBeReadWithTheirMappingAndName() {
		String controller = """
				@RestController
				@RequestMapping(path = ArtistPaths.ARTISTS, produces = MediaType.APPLICATION_JSON_VALUE)
				class ArtistController {

					@GetMapping
					Flux<ArtistDto> list(@RequestParam(defaultValue = "0") int page) {
					}

					@PostMapping(path = AccountPaths.AUTHENTICATE, consumes = MediaType.APPLICATION_JSON_VALUE,
							produces = MediaType.APPLICATION_JSON_VALUE)
					ResponseEntity<TokenDto> authenticate(@Valid @RequestBody Credentials credentials) {
					}

					@ExceptionHandler({ A.class, B.class })
					@ResponseStatus(HttpStatus.BAD_REQUEST)
					public ProblemDetail invalid(Exception ex) {
					}

				}
				""";
		assertThat(handlers(controller)).containsExactly("@GetMapping list",
				"@PostMapping(path = AccountPaths.AUTHENTICATE, consumes = MediaType.APPLICATION_JSON_VALUE, "
						+ "produces = MediaType.APPLICATION_JSON_VALUE) authenticate",
				"@ExceptionHandler({ A.class, B.class }) invalid",
				"@RequestMapping(path = ArtistPaths.ARTISTS, produces = MediaType.APPLICATION_JSON_VALUE) class "
						+ "ArtistController");
	}

	/** Every type of an app, as {@code package/Type} below {@code dev.fluxbench.app}. */
	private static Set<String> types(String app) {
		Path root = APPS.resolve(app).resolve(SOURCES);
		try (Stream<Path> files = Files.walk(root)) {
			Set<String> types = new TreeSet<>();
			files.filter((file) -> file.toString().endsWith(".java"))
				.map((file) -> root.relativize(file).toString().replace('\\', '/'))
				.map((name) -> name.substring(0, name.length() - ".java".length()))
				.filter((name) -> !name.endsWith("package-info"))
				.forEach(types::add);
			return types;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String source(String app, String type) {
		try {
			return Files.readString(APPS.resolve(app).resolve(SOURCES).resolve(type + ".java"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Each handler and exception handler as its annotation, whitespace folded, and its
	 * method's name. A class-level {@code @RequestMapping} has no method and is matched
	 * with the class.
	 */
	static List<String> handlers(String source) {
		List<String> handlers = new ArrayList<>();
		String folded = source.replaceAll("\\s+", " ");
		Matcher matcher = HANDLER.matcher(folded);
		while (matcher.find()) {
			String arguments = (matcher.group(2) != null) ? matcher.group(2) : "";
			String name = matcher.group(4);
			handlers.add("@" + matcher.group(1) + arguments + " " + name);
		}
		Matcher type = Pattern
			.compile("@RequestMapping(\\([^)]*\\))? (?:@\\w+(?:\\([^)]*\\))? )*(?:public )?(?:final )?class (\\w+)")
			.matcher(folded);
		while (type.find()) {
			handlers
				.add("@RequestMapping" + ((type.group(1) != null) ? type.group(1) : "") + " class " + type.group(2));
		}
		return handlers;
	}

}
