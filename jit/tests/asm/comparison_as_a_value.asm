function main (asm, 88 bytes)
    00000  jmp 000000000000002Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: lt
    00013  cmp rsi,rdi
    00016  setl al
    00019  movzx esi,al
; line 5: ret
    0001d  mov rax,rsi
    00020  mov rsp,rbp
    00023  pop rbp
    00024  ret
; unwind to the entry from the interpreter
    00025  mov rsp,[r15+28h]
    00029  ret
; external entry (from the interpreter)
    0002a  mov rax,ADDR
    00034  mov rcx,8
    0003e  lea r11,[8]
    00045  jmp qword ptr [50h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00050  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

