"""Reading an exported Markdown file as a renderer that allows raw HTML would (markdown-it's CommonMark preset)."""

from markdown_it import MarkdownIt


def raw_html(markdown: str) -> list[str]:
    """Every piece of the Markdown a renderer would pass through as HTML (blocks and inline tags)."""
    found = []
    for token in MarkdownIt("commonmark").parse(markdown):
        found += [token.content] if token.type == "html_block" else []
        found += [child.content for child in token.children or [] if child.type == "html_inline"]
    return found
