function main (asm, 112 bytes)
    00000  jmp 0000000000000047h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 5: add
    00013  lea r8,[rsi+rdi]
; line 6: mul
    00018  imul r9,rsi,7
; line 7: sub
    0001f  mov rax,rdi
    00022  sub rax,2
    00026  mov [rbp-8],rax
; line 8: add
    0002a  add r8,r9
; line 9: add
    0002d  add r8,[rbp-8]
; line 10: add
    00034  add rsi,r8
; line 11: add
    00037  add rsi,rdi
; line 12: ret
    0003a  mov rax,rsi
    0003d  mov rsp,rbp
    00040  pop rbp
    00041  ret
; unwind to the entry from the interpreter
    00042  mov rsp,[r15+28h]
    00046  ret
; external entry (from the interpreter)
    00047  mov rax,ADDR
    00051  mov rcx,8
    0005b  lea r11,[8]
    00062  jmp qword ptr [68h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    00068  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

