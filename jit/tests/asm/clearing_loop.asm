function main (asm, 503 bytes)
    00000  jmp 000000000000014Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov rdi,rsi
    00016  mov esi,0
    0001c  cmp rsi,rdi
    0001f  jge 0000000000000047h
    00025  test rsi,rsi
    00028  js 0000000000000047h
    0002e  mov eax,1000h
    00033  sub rax,3
    00039  cmp rdi,rax
    0003c  jg 0000000000000047h
    00042  jmp 00000000000000C5h
; line 9: jge
    00047  cmp rsi,rdi
    0004a  jge 0000000000000086h
    00050  nop [rax+rax]
    00059  nop [rax]
; line 10: store
    00060  lea rax,[rsi+3]
    00068  cmp rax,1000h
    0006f  jae 000000000000011Ah
    00075  mov qword ptr [r14+rax*8],0
; line 11: add
    0007d  add rsi,1
; line 12: jmp
; line 9: jge
    00081  cmp rsi,rdi
    00084  jl 0000000000000060h
; line 14: print
    00086  mov rax,rsi
    00089  mov rsi,rax
    0008c  mov rcx,5
    00096  mov rdi,[r15+30h]
    0009d  mov rax,ADDR
    000a7  push r10
    000a9  push r11
    000ab  call rax  ; jit_print
    000ad  pop r11
    000af  pop r10
    000b1  test rdx,rdx
    000b4  jne 0000000000000146h
; line 15: ret
    000ba  mov eax,0
    000c0  mov rsp,rbp
    000c3  pop rbp
    000c4  ret
; unchecked copy of the loop at line 9
; fill: the loop's stores as one string store
    000c5  lea rax,[rsi+3]
    000cd  lea rdx,[r14+rax*8]
    000d1  mov rcx,rdi
    000d4  sub rcx,rsi
    000d7  jo 00000000000000FBh
    000dd  cmp rcx,40h
    000e4  jl 00000000000000FBh
    000ea  mov eax,0
    000f0  push rdi
    000f1  mov rdi,rdx
    000f4  rep stosq [rdi]
    000f7  pop rdi
    000f8  mov rsi,rdi
; line 9: jge
    000fb  cmp rsi,rdi
    000fe  jge 0000000000000086h
; line 10: store
    00100  mov qword ptr [r14+rsi*8+18h],0
; line 11: add
    0010c  add rsi,1
; line 12: jmp
; line 9: jge
    00110  cmp rsi,rdi
    00113  jl 0000000000000100h
    00115  jmp 0000000000000086h
; trap: memory access out of bounds at line 10
    0011a  mov rdi,[r15+30h]
    00121  mov rsi,1
    0012b  mov rdx,2
    00135  mov rax,ADDR
    0013f  call rax  ; jit_trap
    00141  jmp 0000000000000146h
; unwind to the entry from the interpreter
    00146  mov rsp,[r15+28h]
    0014d  ret
; external entry (from the interpreter)
    0014e  push rbp
    0014f  mov rbp,rsp
    00152  push rbx
    00153  push r12
    00155  push r13
    00157  push r14
    00159  push r15
    0015b  mov r15,ADDR
    00165  mov [r15+30h],rdi
    0016c  push qword ptr [r15+28h]
    00173  mov r14,ADDR
    0017d  mov r13,[r15+10h]
    00184  sub r13,[r15]
    0018b  lea rax,[1D0h]
    00192  push rax
    00193  mov [r15+28h],rsp
    0019a  sub rsp,8
    0019e  mov rdx,rsi
    001a1  sub rsp,10h
    001a8  mov rsi,[rdx]
    001af  call 8
    001b4  xor edx,edx
    001b6  lea rsp,[rbp-30h]
    001bd  pop rcx
    001be  mov [r15+28h],rcx
    001c5  pop r15
    001c7  pop r14
    001c9  pop r13
    001cb  pop r12
    001cd  pop rbx
    001ce  pop rbp
    001cf  ret
    001d0  lea rbp,[rsp+30h]
    001d8  mov edx,1
    001dd  lea rsp,[rbp-30h]
    001e4  pop rcx
    001e5  mov [r15+28h],rcx
    001ec  pop r15
    001ee  pop r14
    001f0  pop r13
    001f2  pop r12
    001f4  pop rbx
    001f5  pop rbp
    001f6  ret

