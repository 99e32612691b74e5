package dev.fluxbench.assess.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SourceReaderTests {

	@TempDir
	Path module;

	private final SourceReader reader = new SourceReader();

	@Test
	void readWhenJavaCallsAFieldShouldResolveTheReceiverFromTheFieldsDeclaredType() throws IOException {
		write("src/main/java/shop/Prices.java", """
				package shop;

				import org.springframework.web.client.RestClient;

				class Prices {

					private final RestClient client = RestClient.create();

					synchronized String price() {
						return this.client.get().uri("/price").retrieve().body(String.class);
					}

				}
				""");
		SourceFile file = only();
		assertThat(file.language()).isEqualTo("java");
		assertThat(file.calls()).filteredOn((call) -> call.name().equals("body")).singleElement().satisfies((call) -> {
			assertThat(call.receiverType()).isEqualTo("org.springframework.web.client.RestClient");
			assertThat(call.synchronizedLine()).isEqualTo(9);
			assertThat(call.line()).isEqualTo(10);
		});
	}

	@Test
	void readWhenJavaUsesRecentSyntaxShouldParseIt() throws IOException {
		write("src/main/java/shop/Sizes.java", """
				package shop;

				record Sizes(int small, int large) {

					String name(Object value) {
						return switch (value) {
							case Integer i when i > 10 -> {
								String text = "large " + i;
								yield text;
							}
							case String s -> s;
							default -> "other";
						};
					}

				}
				""");
		assertThat(only().types()).extracting(SourceFile.TypeDeclaration::name).containsExactly("Sizes");
	}

	@Test
	void readWhenKotlinUsesImportsAndCompanionObjectsShouldGiveTheSameFactsAsJava() throws IOException {
		write("src/main/kotlin/shop/Prices.kt", """
				package shop

				import org.springframework.web.client.RestTemplate
				import java.util.concurrent.Executors

				class Prices(private val rest: RestTemplate) {

				    companion object {
				        val workers = Executors.newFixedThreadPool(4)
				    }

				    @Synchronized
				    fun price(): String? = rest.getForObject("/price", String::class.java)

				}
				""");
		SourceFile file = only();
		assertThat(file.language()).isEqualTo("kotlin");
		assertThat(file.packageName()).isEqualTo("shop");
		assertThat(file.calls()).filteredOn((call) -> call.name().equals("getForObject"))
			.singleElement()
			.satisfies((call) -> {
				assertThat(call.receiverType()).isEqualTo("org.springframework.web.client.RestTemplate");
				assertThat(call.synchronizedLine()).isEqualTo(12);
			});
		assertThat(file.calls()).filteredOn((call) -> call.name().equals("newFixedThreadPool"))
			.singleElement()
			.satisfies((call) -> {
				assertThat(call.receiverType()).isEqualTo("java.util.concurrent.Executors");
				assertThat(call.classInit()).isTrue();
			});
	}

	@Test
	void readWhenAFileDoesNotParseShouldSaySoInANoteAndReadTheOthers() throws IOException {
		write("src/main/java/shop/Broken.java", "package shop; class Broken {");
		write("src/main/java/shop/Fine.java", "package shop; class Fine {}");
		SourceReader.Sources sources = this.reader.read(this.module, this.module);
		assertThat(sources.files()).extracting(SourceFile::path).containsExactly("src/main/java/shop/Fine.java");
		assertThat(sources.notes()).singleElement().asString().startsWith("src/main/java/shop/Broken.java");
	}

	private SourceFile only() {
		SourceReader.Sources sources = this.reader.read(this.module, this.module);
		assertThat(sources.notes()).isEmpty();
		assertThat(sources.files()).hasSize(1);
		return sources.files().get(0);
	}

	private void write(String path, String text) throws IOException {
		Path file = this.module.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, text);
	}

}
